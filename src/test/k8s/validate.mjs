// Validates every object of one or more multi-document YAML files (the output of `helm template`) against the
// Kubernetes API schemas shipped by the pinned `kubernetes-models` package, and the custom resources the chart renders
// (ServiceMonitor, PrometheusRule, HTTPRoute) against the CRD schemas of the pinned `@kubernetes-models/prometheus-operator`
// and `@kubernetes-models/gateway-api` packages (types, formats, required fields), then type-checks each object as a
// TypeScript literal of its package's interface, which rejects unknown or misplaced fields (the JSON schemas allow them).
// Usage: node validate.mjs FILE...  Exit code 0 = every object valid, 1 = at least one invalid or unknown kind.
import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { parseAllDocuments } from "yaml";

// the package whose models cover an apiVersion's group
function packageFor(apiVersion) {
  if (apiVersion.startsWith("monitoring.coreos.com/")) return "@kubernetes-models/prometheus-operator";
  if (apiVersion.startsWith("gateway.networking.k8s.io/")) return "@kubernetes-models/gateway-api";
  return "kubernetes-models";
}

async function modelFor(apiVersion, kind) {
  // "v1" is the core group; "apps/v1" -> kubernetes-models/apps/v1
  const module = await import(`${packageFor(apiVersion)}/${apiVersion}`).catch(() => undefined);
  return module?.[kind];
}

function validateObject(object) {
  const { apiVersion, kind } = object;
  return modelFor(apiVersion, kind).then((Model) => {
    if (!Model) throw new Error(`no schema for ${apiVersion} ${kind}`);
    new Model(object).validate();
  });
}

/** Type-checks the objects as literals of their kubernetes-models interfaces; returns messages by object index. */
async function unknownFields(checked) {
  const source = fileURLToPath(new URL("./strict-check.ts", import.meta.url));
  const lines = checked.map(({ object }, i) =>
    `export const o${i}: import("${packageFor(object.apiVersion)}/${object.apiVersion}").I${object.kind} = ${JSON.stringify(object)};`);
  await writeFile(source, lines.join("\n") + "\n");
  const program = ts.createProgram([source], {
    noEmit: true, strict: true, skipLibCheck: true, types: [],
    module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext,
  });
  const messages = new Map();
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, " ");
    const line = diagnostic.file && diagnostic.file.fileName === source.replaceAll("\\", "/")
      ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line : -1;
    const key = line >= 0 && line < checked.length ? line : -1;
    messages.set(key, [...(messages.get(key) ?? []), text]);
  }
  return messages;
}

let objects = 0;
let failures = 0;
const strictlyChecked = [];
for (const file of process.argv.slice(2)) {
  const documents = parseAllDocuments(await readFile(file, "utf8"));
  for (const document of documents) {
    if (document.errors.length > 0) {
      console.log(`INVALID ${file}: YAML error ${document.errors[0].message}`);
      failures++;
      continue;
    }
    const object = document.toJS();
    if (object == null) continue; // empty document between separators
    const name = `${file}: ${object.kind} ${object.metadata?.name}`;
    try {
      await validateObject(object);
      strictlyChecked.push({ name, object });
    } catch (e) {
      failures++;
      console.log(`INVALID ${name}: ${e.message}`);
    }
  }
}
if (strictlyChecked.length > 0) {
  const messages = await unknownFields(strictlyChecked);
  strictlyChecked.forEach(({ name }, i) => {
    if (messages.has(i)) {
      failures++;
      console.log(`INVALID ${name}: ${messages.get(i).join("; ")}`);
    } else {
      objects++;
      console.log(`valid   ${name}`);
    }
  });
  if (messages.has(-1)) {
    failures++;
    console.log(`INVALID type check itself: ${messages.get(-1).join("; ")}`);
  }
}
console.log(`${objects} valid, ${failures} invalid`);
process.exit(failures === 0 && objects > 0 ? 0 : 1);
