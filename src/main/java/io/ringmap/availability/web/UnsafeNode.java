package io.ringmap.availability.web;

import java.util.List;

/** A node that cannot be stopped, with why. */
public record UnsafeNode(String address, List<String> reasons) {}
