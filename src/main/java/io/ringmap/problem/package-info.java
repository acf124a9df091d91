/**
 * What the core packages share to say a request cannot be answered as asked; pure (no Spring, no driver).
 */
package io.ringmap.problem;
