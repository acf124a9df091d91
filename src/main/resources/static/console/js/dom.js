// Small DOM helpers of the console's views: tables, select options, definition lists.

/** A table from rows of cells; the first row is the header; `numeric` names the right-aligned columns. */
export function table(node, caption, rows, numeric) {
  node.replaceChildren();
  const c = document.createElement('caption');
  c.textContent = caption;
  node.appendChild(c);
  rows.forEach((row, i) => {
    const tr = document.createElement('tr');
    row.forEach((cell, k) => {
      const td = document.createElement(i === 0 ? 'th' : 'td');
      if (i === 0) {
        td.scope = 'col';
      }
      if (i > 0 && numeric && numeric.includes(k)) {
        td.className = 'num';
      }
      td.textContent = cell;
      tr.appendChild(td);
    });
    node.appendChild(tr);
  });
}

/** Replaces a select's options (strings, or {value, label, disabled, title}) and selects one. */
export function options(select, values, selected) {
  select.replaceChildren(...values.map(v => {
    const o = document.createElement('option');
    o.value = typeof v === 'string' ? v : v.value;
    o.textContent = typeof v === 'string' ? v : v.label;
    o.selected = o.value === selected;
    return o;
  }));
}

/** A definition list of [term, value] pairs. */
export function definitions(pairs) {
  const dl = document.createElement('dl');
  for (const [term, value] of pairs) {
    const dt = document.createElement('dt');
    dt.textContent = term;
    const dd = document.createElement('dd');
    dd.textContent = value;
    dl.append(dt, dd);
  }
  return dl;
}
