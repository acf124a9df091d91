package io.ringmap.testsupport;

import java.util.concurrent.locks.ReentrantLock;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringApplicationRunListener;
import org.springframework.boot.bootstrap.ConfigurableBootstrapContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.Ordered;

/**
 * Lets one application at a time set up Spring Boot's logging in a test JVM. Test classes run three at a time, and
 * some start applications of their own, so applications start at the same moment; each start initializes the one
 * Logback context of the JVM, which is not safe to do concurrently (seen in CI: a
 * {@code ConcurrentModificationException} in {@code LoggingApplicationListener.initializeSystem}, and "Unable to find
 * Spring Environment in logger context"). Each start holds this JVM-wide lock from its first event (the logging
 * system's {@code beforeInitialize}) until its environment and logging are set up (the context prepared), or until it
 * fails; the rest of the start (beans, web servers, clusters) runs in parallel as before. Registered in the test
 * classpath's {@code META-INF/spring.factories}, so {@code @SpringBootTest} contexts and applications a test starts
 * itself take it alike.
 */
public final class SerialLoggingStart implements SpringApplicationRunListener, Ordered {

    private static final ReentrantLock LOGGING = new ReentrantLock();

    public SerialLoggingStart(SpringApplication application, String[] args) {}

    /** Before Spring Boot's own listener, whose events set up logging. */
    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }

    @Override
    public void starting(ConfigurableBootstrapContext bootstrapContext) {
        LOGGING.lock();
    }

    @Override
    public void contextPrepared(ConfigurableApplicationContext context) {
        release();
    }

    @Override
    public void failed(ConfigurableApplicationContext context, Throwable exception) {
        release();
    }

    private static void release() {
        if (LOGGING.isHeldByCurrentThread()) {
            LOGGING.unlock();
        }
    }
}
