package io.ringmap.web.errors;

import org.apache.catalina.Container;
import org.apache.catalina.Lifecycle;
import org.apache.catalina.Pipeline;
import org.apache.catalina.Valve;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.core.Ordered;

/**
 * Puts a {@link ProblemReportValve} in place of Tomcat's HTML error report valve (Spring Boot's and Tomcat's default)
 * on the host of a web server: the API's and, through {@link ManagementWebErrorsConfiguration}, the management
 * port's. Installing twice on one host is harmless.
 */
public class ProblemValveCustomizer implements WebServerFactoryCustomizer<TomcatServletWebServerFactory>, Ordered {

    private final ClientErrorLog clientErrors;

    public ProblemValveCustomizer(ClientErrorLog clientErrors) {
        this.clientErrors = clientErrors;
    }

    @Override
    public void customize(TomcatServletWebServerFactory factory) {
        // when the context starts, its host has its error valve (Boot adds one in a context customizer of its own)
        factory.addContextCustomizers(context -> context.addLifecycleListener(event -> {
            if (Lifecycle.BEFORE_START_EVENT.equals(event.getType()) && context.getParent() != null) {
                install(context.getParent(), clientErrors);
            }
        }));
    }

    static void install(Container host, ClientErrorLog clientErrors) {
        Pipeline pipeline = host.getPipeline();
        for (Valve valve : pipeline.getValves()) {
            if (valve instanceof ProblemReportValve) {
                return;
            }
        }
        for (Valve valve : pipeline.getValves()) {
            if (valve instanceof ErrorReportValve) {
                pipeline.removeValve(valve);
            }
        }
        pipeline.addValve(new ProblemReportValve(clientErrors));
        if (host instanceof StandardHost standardHost) {
            // a (re)started host then finds its error valve by this name instead of adding Tomcat's HTML one
            standardHost.setErrorReportValveClass(ProblemReportValve.class.getName());
        }
    }

    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE;
    }
}
