package io.ringmap.testsupport;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.springframework.boot.test.system.CapturedOutput;

/**
 * The process's standard output and error while a test class runs, as a {@link CapturedOutput} parameter, for
 * integration test classes that read their own log beside any other class. Spring Boot's
 * {@code OutputCaptureExtension} stacks a capture on {@code System.out} per class and takes it off again, so two
 * classes using it side by side end each other's capture (they took turns, and ended runs alone). Here one tee on
 * {@code System.out} and {@code System.err}, installed at the first use and kept for the JVM's life, copies every
 * write to the buffers of the classes running then, from their {@code beforeAll} (before their Spring context starts)
 * to their {@code afterAll}. What other classes print lands in the buffer too, so a class looks only for what names
 * its own cluster or secrets.
 */
public final class ClassOutput implements BeforeAllCallback, AfterAllCallback, ParameterResolver {

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(ClassOutput.class);

    private static final List<Captured> RUNNING = new CopyOnWriteArrayList<>();

    private static boolean installed;

    @Override
    public void beforeAll(ExtensionContext context) {
        install();
        Captured captured = new Captured();
        RUNNING.add(captured);
        context.getStore(NAMESPACE).put(Captured.class, captured);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        RUNNING.remove(context.getStore(NAMESPACE).get(Captured.class, Captured.class));
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == CapturedOutput.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        // the class's own store: a method's context reaches it through its parent
        return context.getStore(NAMESPACE).get(Captured.class, Captured.class);
    }

    private static synchronized void install() {
        if (!installed) {
            System.setOut(tee(System.out, false));
            System.setErr(tee(System.err, true));
            installed = true;
        }
    }

    private static PrintStream tee(PrintStream original, boolean err) {
        OutputStream copies = new OutputStream() {
            @Override
            public void write(int b) {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] bytes, int offset, int length) {
                original.write(bytes, offset, length);
                for (Captured captured : RUNNING) {
                    captured.write(err, bytes, offset, length);
                }
            }

            @Override
            public void flush() {
                original.flush();
            }
        };
        return new PrintStream(copies, true, StandardCharsets.UTF_8);
    }

    /** What one class has seen printed: standard output, error, and both in the order written. */
    private static final class Captured implements CapturedOutput {

        private final ByteArrayOutputStream out = new ByteArrayOutputStream();
        private final ByteArrayOutputStream err = new ByteArrayOutputStream();
        private final ByteArrayOutputStream all = new ByteArrayOutputStream();

        synchronized void write(boolean toErr, byte[] bytes, int offset, int length) {
            (toErr ? err : out).write(bytes, offset, length);
            all.write(bytes, offset, length);
        }

        @Override
        public synchronized String getAll() {
            return all.toString(StandardCharsets.UTF_8);
        }

        @Override
        public synchronized String getOut() {
            return out.toString(StandardCharsets.UTF_8);
        }

        @Override
        public synchronized String getErr() {
            return err.toString(StandardCharsets.UTF_8);
        }

        @Override
        public String toString() {
            return getAll();
        }
    }
}
