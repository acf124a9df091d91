package io.ringmap.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.swagger.v3.oas.annotations.media.Schema;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.core.type.filter.AnnotationTypeFilter;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * No two classes share a component schema name in the OpenAPI document. springdoc names a schema by the class's
 * simple name (or its {@code @Schema(name)}), so two records called {@code NodeView} in different controllers
 * silently become one schema and one describes the other's answer (it happened to /ring's NodeView and
 * KeyspaceView). This walks every class an API controller's operation returns or takes as its body, and the classes
 * their record components, fields and type arguments reach, and requires each schema name to belong to one class;
 * the walk must find every schema of the committed openapi.yaml, so the test sees what springdoc sees.
 */
class OpenApiSchemaNamesTest {

    /** Schemas the document declares by hand (OpenApiConfiguration), not from a class. */
    private static final Set<String> DECLARED_BY_HAND = Set.of("ProblemDetail");

    @Test
    void everySchemaNameBelongsToOneClass() throws Exception {
        Map<String, Set<String>> classesByName = schemaClassesByName(controllers("io.ringmap"));

        assertThat(classesByName)
                .as("schema names shared by several classes: rename one of them")
                .allSatisfy((name, classes) -> assertThat(classes).as(name).hasSize(1));
        Set<String> documented = new TreeSet<>(committedSchemaNames());
        documented.removeAll(DECLARED_BY_HAND);
        assertThat(classesByName.keySet())
                .as("the walk finds every schema of openapi.yaml")
                .containsAll(documented);
    }

    @Test
    void findsTwoClassesOfTheSameSimpleName() throws Exception {
        assertThat(schemaClassesByName(Set.of(First.class, Second.class)).get("NodeView"))
                .containsExactly(First.NodeView.class.getName(), Second.NodeView.class.getName());
    }

    static final class First {
        record NodeView(String address) {}

        @RequestMapping("/first")
        public NodeView first() {
            return null;
        }
    }

    static final class Second {
        record NodeView(int tokens) {}

        record Answer(java.util.List<NodeView> nodes) {}

        @RequestMapping("/second")
        public Answer second(@RequestBody Map<String, NodeView> body) {
            return null;
        }
    }

    static Set<Class<?>> controllers(String basePackage) throws ClassNotFoundException {
        var scanner = new ClassPathScanningCandidateComponentProvider(false);
        scanner.addIncludeFilter(new AnnotationTypeFilter(RestController.class));
        Set<Class<?>> controllers = new LinkedHashSet<>();
        for (BeanDefinition bean : scanner.findCandidateComponents(basePackage)) {
            Class<?> type = Class.forName(bean.getBeanClassName());
            // ringmap's own main code only (test fixtures under io.ringmap are not served)
            if (type.getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .getPath()
                    .contains("test-classes")) {
                continue;
            }
            controllers.add(type);
        }
        return controllers;
    }

    /** Schema name to the classes that would get it, for everything the controllers' operations reach. */
    static Map<String, Set<String>> schemaClassesByName(Set<Class<?>> controllers) {
        Deque<Type> pending = new ArrayDeque<>();
        for (Class<?> controller : controllers) {
            for (Method method : controller.getDeclaredMethods()) {
                if (!Modifier.isPublic(method.getModifiers())
                        || !AnnotatedElementUtils.hasAnnotation(method, RequestMapping.class)) {
                    continue;
                }
                pending.add(method.getGenericReturnType());
                for (Parameter parameter : method.getParameters()) {
                    if (parameter.isAnnotationPresent(RequestBody.class)) {
                        pending.add(parameter.getParameterizedType());
                    }
                }
            }
        }
        Set<Class<?>> seen = new LinkedHashSet<>();
        Map<String, Set<String>> byName = new TreeMap<>();
        while (!pending.isEmpty()) {
            Type type = pending.poll();
            if (type instanceof ParameterizedType p) {
                pending.add(p.getRawType());
                pending.addAll(java.util.List.of(p.getActualTypeArguments()));
            } else if (type instanceof GenericArrayType a) {
                pending.add(a.getGenericComponentType());
            } else if (type instanceof Class<?> c) {
                if (c.isArray()) {
                    pending.add(c.getComponentType());
                } else if (!c.isPrimitive()
                        && !c.isEnum()
                        && !c.getName().startsWith("java.")
                        && !c.getName().startsWith("org.springframework.")
                        && seen.add(c)) {
                    byName.computeIfAbsent(schemaName(c), k -> new TreeSet<>()).add(c.getName());
                    if (c.isRecord()) {
                        for (RecordComponent component : c.getRecordComponents()) {
                            pending.add(component.getGenericType());
                        }
                    } else {
                        for (Field field : c.getDeclaredFields()) {
                            if (!Modifier.isStatic(field.getModifiers())) {
                                pending.add(field.getGenericType());
                            }
                        }
                    }
                }
            }
        }
        return byName;
    }

    private static String schemaName(Class<?> type) {
        Schema schema = type.getAnnotation(Schema.class);
        return schema != null && !schema.name().isEmpty() ? schema.name() : type.getSimpleName();
    }

    @SuppressWarnings("unchecked")
    private static Set<String> committedSchemaNames() throws IOException {
        Map<String, Object> committed = new Yaml(new SafeConstructor(new LoaderOptions()))
                .load(Files.readString(Path.of("openapi.yaml"), StandardCharsets.UTF_8));
        return ((Map<String, Object>) ((Map<String, Object>) committed.get("components")).get("schemas")).keySet();
    }
}
