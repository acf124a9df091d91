// Type-checks Grafana dashboard JSON files against Grafana's own types from the pinned @grafana/schema package:
// the dashboard as a `Dashboard`, then each panel's `options` and `fieldConfig.defaults.custom` as the `Options` and
// `FieldConfig` of its panel plugin (timeseries, bargauge, table, ...). Object literals are checked strictly, so an
// unknown or misspelt field, a wrong type or a missing required option is an error. String enums of the generated
// types are compared by their values, as Grafana reads them from JSON. Each Prometheus target must carry a refId,
// an expr and the dashboard's datasource variable.
// Usage: node validate.mjs FILE...  Exit code 0 = every dashboard valid.
import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const PANEL_TYPES = {
  timeseries: "TimeSeriesPanelCfg",
  bargauge: "BarGaugePanelCfg",
  table: "TablePanelCfg",
  stat: "StatPanelCfg",
  gauge: "GaugePanelCfg",
  barchart: "BarChartPanelCfg",
  text: "TextPanelCfg",
};
const module = (type) => `@grafana/schema/dist/esm/raw/composable/${type}/panelcfg/x/${PANEL_TYPES[type]}_types.gen`;

const header = `import type { Dashboard } from "@grafana/schema/dist/esm/raw/dashboard/x/Dashboard_types.gen";
${Object.keys(PANEL_TYPES).map((t) => `import type * as ${t} from "${module(t)}";`).join("\n")}
// JSON carries an enum's value, not its name: compare string enums by their values, deeply
type Json<T> = T extends string ? \`\${T}\` : T extends number ? T : T extends boolean ? T
  : T extends Array<infer U> ? Array<Json<U>> : T extends object ? { [K in keyof T]: Json<T[K]> } : T;
`;

let failures = 0;
let checked = 0;
const lines = [header];
const where = []; // line of the generated source -> what it checks
function add(what, declaration) {
  where[lines.join("\n").split("\n").length + 1] = what;
  lines.push(declaration);
}

function panelsOf(dashboard) {
  const out = [];
  for (const p of dashboard.panels ?? []) {
    out.push(p);
    for (const inner of p.panels ?? []) out.push(inner);
  }
  return out;
}

for (const [f, file] of process.argv.slice(2).entries()) {
  const dashboard = JSON.parse(await readFile(file, "utf8"));
  add(`${file}: dashboard`, `export const d${f}: Json<Dashboard> = ${JSON.stringify(dashboard)};`);
  for (const panel of panelsOf(dashboard)) {
    const name = `${file}: panel ${panel.id} "${panel.title}" (${panel.type})`;
    checked++;
    if (panel.type === "row") continue;
    if (!PANEL_TYPES[panel.type]) {
      failures++;
      console.log(`INVALID ${name}: no type for panel plugin ${panel.type}`);
      continue;
    }
    add(`${name} options`, `export const o${f}_${panel.id}: Json<${panel.type}.Options> = ${JSON.stringify(panel.options ?? {})};`);
    const custom = panel.fieldConfig?.defaults?.custom;
    if (custom !== undefined) {
      add(`${name} fieldConfig.defaults.custom`,
        `export const c${f}_${panel.id}: Json<${panel.type}.FieldConfig> = ${JSON.stringify(custom)};`);
    }
    for (const target of panel.targets ?? []) {
      const problems = [];
      if (!target.refId) problems.push("no refId");
      if (!target.expr) problems.push("no expr");
      if (target.datasource?.uid !== "${datasource}") problems.push("datasource is not ${datasource}");
      if (problems.length > 0) {
        failures++;
        console.log(`INVALID ${name} target ${target.refId}: ${problems.join(", ")}`);
      }
    }
  }
}

const source = fileURLToPath(new URL("./dashboard-check.ts", import.meta.url));
await writeFile(source, lines.join("\n") + "\n");
const program = ts.createProgram([source], {
  noEmit: true, strict: true, skipLibCheck: true, types: [],
  module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext,
});
for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
  failures++;
  const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, " ");
  let line = diagnostic.file ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1 : -1;
  while (line > 0 && where[line] === undefined) line--;
  console.log(`INVALID ${where[line] ?? "type check"}: ${text}`);
}
console.log(`${checked} panels checked, ${failures} invalid`);
process.exit(failures === 0 && checked > 0 ? 0 : 1);
