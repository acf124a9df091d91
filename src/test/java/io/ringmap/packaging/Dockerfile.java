package io.ringmap.packaging;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/** Just enough of a Dockerfile parser to replay the ringmap Dockerfile's extraction and entrypoint in a test. */
record Dockerfile(List<Stage> stages) {

    /** One instruction: keyword (upper case) and its arguments with line continuations joined. */
    record Instruction(String keyword, String arguments) {}

    /** One build stage: its FROM line and instructions. */
    record Stage(String from, String name, List<Instruction> instructions) {

        List<Instruction> all(String keyword) {
            return instructions.stream()
                    .filter(i -> i.keyword().equals(keyword))
                    .toList();
        }

        Instruction last(String keyword) {
            List<Instruction> matches = all(keyword);
            if (matches.isEmpty()) {
                throw new AssertionError("no " + keyword + " in stage " + from);
            }
            return matches.get(matches.size() - 1);
        }

        String user() {
            return last("USER").arguments();
        }

        String workdir() {
            return last("WORKDIR").arguments();
        }

        /** ENTRYPOINT in exec (JSON array) form. */
        List<String> entrypoint() {
            return JsonMapper.builder()
                    .build()
                    .readValue(last("ENTRYPOINT").arguments(), new TypeReference<List<String>>() {});
        }

        /** ENV NAME="value" pairs (one pair per ENV line). */
        Map<String, String> env() {
            Map<String, String> env = new java.util.LinkedHashMap<>();
            Pattern pair = Pattern.compile("([A-Za-z_][A-Za-z0-9_]*)=(\"([^\"]*)\"|(\\S*))");
            for (Instruction instruction : all("ENV")) {
                Matcher matcher = pair.matcher(instruction.arguments());
                while (matcher.find()) {
                    env.put(matcher.group(1), matcher.group(3) != null ? matcher.group(3) : matcher.group(4));
                }
            }
            return env;
        }

        /** Sources of the `COPY --from=STAGE` instructions, in order. */
        List<String> copiesFrom(String stage) {
            List<String> sources = new ArrayList<>();
            for (Instruction copy : all("COPY")) {
                String[] words = copy.arguments().split("\\s+");
                if (words[0].equals("--from=" + stage)) {
                    sources.add(words[1]);
                }
            }
            return sources;
        }
    }

    static Dockerfile parse(Path file) throws IOException {
        List<Stage> stages = new ArrayList<>();
        StringBuilder logical = new StringBuilder();
        List<String> lines = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            String trimmed = line.strip();
            if (trimmed.startsWith("#") || trimmed.isEmpty() && logical.isEmpty()) {
                continue;
            }
            if (trimmed.endsWith("\\")) {
                logical.append(trimmed, 0, trimmed.length() - 1).append(' ');
            } else {
                logical.append(trimmed);
                lines.add(logical.toString().strip());
                logical.setLength(0);
            }
        }
        Stage current = null;
        for (String line : lines) {
            String[] parts = line.split("\\s+", 2);
            Instruction instruction = new Instruction(parts[0].toUpperCase(), parts.length > 1 ? parts[1] : "");
            if (instruction.keyword().equals("FROM")) {
                String[] from = instruction.arguments().split("\\s+");
                String name = from.length >= 3 && from[1].equalsIgnoreCase("AS") ? from[2] : null;
                current = new Stage(from[0], name, new ArrayList<>());
                stages.add(current);
            } else if (current != null) {
                current.instructions().add(instruction);
            }
        }
        return new Dockerfile(stages);
    }

    Stage stage(String name) {
        return stages.stream()
                .filter(s -> name.equals(s.name()))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no stage " + name));
    }

    Stage finalStage() {
        return stages.get(stages.size() - 1);
    }
}
