package io.ringmap.web;

import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import org.hamcrest.Matchers;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.ResultActions;

/**
 * What every ringmap error answer must be: RFC 9457 problem+json with the stable type of its kind, its status, a title,
 * a detail that names no exception class, and the request path as instance.
 */
public final class ProblemAssertions {

    private ProblemAssertions() {}

    public static ResultActions problem(ResultActions r, int status, String kind) throws Exception {
        return r.andExpect(status().is(status))
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.type").value("urn:ringmap:problem:" + kind))
                .andExpect(jsonPath("$.status").value(status))
                .andExpect(jsonPath("$.title").isString())
                .andExpect(jsonPath("$.detail", Matchers.not(Matchers.containsString("Exception"))))
                .andExpect(jsonPath("$.instance").isString());
    }
}
