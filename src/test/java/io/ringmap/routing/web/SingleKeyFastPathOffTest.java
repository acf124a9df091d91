package io.ringmap.routing.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.web.errors.RawHttp;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.web.servlet.FilterRegistrationBean;

/** ringmap.api.single-key-fast-path=false: every GET /replicas goes through Spring MVC, answered as before. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "management.server.port=0", "ringmap.api.single-key-fast-path=false"})
class SingleKeyFastPathOffTest {

    @LocalServerPort
    int port;

    @Autowired
    FilterRegistrationBean<SingleKeyFastPath> fastPath;

    @Test
    void springMvcAnswersEveryRequest() {
        assertThat(fastPath.isEnabled()).isFalse();
        RawHttp.Response r = RawHttp.send(port, "GET " + SingleKeyFastPathTest.KEY
                + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");

        assertThat(r.status()).as(r.toString()).isEqualTo(200);
        assertThat(r.header("etag")).contains("\"");
        assertThat(r.body()).contains("\"replicas\"");
        assertThat(fastPath.getFilter().served()).isZero();
    }
}
