// SPDX-License-Identifier: GPL-2.0-or-later
// check.mjs - load fragstat's flat rows into a real DuckDB and check that SQL
// aggregates equal fragstat's own fleet view (tests/duckdb.sh runs it).
//
//   node check.mjs ROWS.csv ROWS.ndjson FLEET.json
//
// ROWS: --format=csv and ndjson --rows=sizes --need=...; FLEET: --fleet
// --json of the same roots and need. Prints one line per difference and
// exits 1 when there is one.
import { readFileSync } from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';

const [csv, ndjson, fleetPath] = process.argv.slice(2);
const fleet = JSON.parse(readFileSync(fleetPath, 'utf8')).fleet;
const db = await DuckDBInstance.create(':memory:');
const con = await db.connect();
let checks = 0, failed = 0;

// Compare what SQL says (GOT) with what fragstat said (WANT), as text.
function same(what, got, want) {
	checks++;
	if (String(got) !== String(want)) {
		failed++;
		console.log(`FAIL: ${what}: DuckDB ${got}, fragstat ${want}`);
	}
}

async function rows(sql) {
	return (await con.runAndReadAll(sql)).getRowObjectsJson();
}

const q = (s) => s.replace(/'/g, "''");
// Insertion order is the file's: rowid ranks ties as fragstat does.
await con.run(`CREATE TABLE r AS SELECT * FROM read_csv('${q(csv)}', header = true)`);
await con.run(`CREATE TABLE j AS SELECT * FROM read_json('${q(ndjson)}', format = 'newline_delimited')`);

// The two forms hold the same rows.
for (const [a, b] of [['r', 'j'], ['j', 'r']]) {
	const [d] = await rows(`SELECT count(*) AS n FROM (SELECT * FROM ${a} EXCEPT ALL SELECT * FROM ${b})`);
	same(`rows of ${a} not in ${b}`, d.n, 0);
}

const [t] = await rows(`SELECT count(DISTINCT root) AS roots FROM r`);
same('roots', t.roots, fleet.roots);

const pct = fleet.percentiles.map((p) => (p / 100).toFixed(2)).join(', ');
const pop = { hosts: 'node IS NULL', nodes: 'node IS NOT NULL' };
for (const s of fleet.sizes) {
	for (const [over, where] of Object.entries(pop)) {
		// A size a host cannot have (need_verdict impossible) has no counts
		// (null): in no distribution, counted apart.
		const [d] = await rows(`SELECT count(now) AS n,
			count(*) FILTER (WHERE need_verdict = 'impossible') AS impossible,
			count(*) FILTER (WHERE now = 0) AS none_now,
			count(*) FILTER (WHERE now_is_bound) AS bound,
			min(now) AS now_min, max(now) AS now_max,
			quantile_disc(now, [${pct}]) AS now_p,
			min(after_compaction) AS after_min,
			max(after_compaction) AS after_max,
			quantile_disc(after_compaction, [${pct}]) AS after_p
			FROM r WHERE size_bytes = ${s.bytes} AND ${where}`);
		const f = s[over], at = `${s.bytes} bytes, ${over}`;
		same(`${at}: count`, d.n, f.count);
		same(`${at}: impossible`, d.impossible, f.impossible);
		same(`${at}: free_now is now`, JSON.stringify(f.free_now), JSON.stringify(f.now));
		same(`${at}: free_now_is_bound`, d.bound, f.free_now_is_bound);
		same(`${at}: none free now`, d.none_now, f.none_now);
		same(`${at}: now is a bound`, d.bound, f.now_is_bound);
		for (const [k, col] of [['now', 'now'], ['after', 'after_compaction']]) {
			same(`${at}: ${col} min`, d[`${k}_min`], f[col].min);
			same(`${at}: ${col} max`, d[`${k}_max`], f[col].max);
			fleet.percentiles.forEach((p, i) =>
				same(`${at}: ${col} p${p}`, d[`${k}_p`][i], f[col][`p${p}`]));
		}
	}
}

// Every node of every root, whatever its sizes (roots of 4 KiB and 64 KiB
// pages share few).
const [n] = await rows(`SELECT count(*) AS n FROM (SELECT DISTINCT root, node FROM r WHERE node IS NOT NULL)`);
same('nodes', n.n, fleet.nodes);

// --need: hosts and nodes by verdict, and how many fail.
if (fleet.need) {
	for (const [over, where] of Object.entries(pop)) {
		const by = await rows(`SELECT need_verdict AS v, count(*) AS n FROM r
			WHERE need_count = ${fleet.need.count} AND size_bytes = ${fleet.need.bytes} AND ${where}
			GROUP BY 1`);
		const got = Object.fromEntries(by.map((x) => [x.v, x.n]));
		for (const v of ['ok', 'compact', 'reclaim', 'unknown', 'impossible', 'pinned'])
			same(`need, ${over}: ${v}`, got[v] ?? 0, fleet.need[over][v]);
		same(`need, ${over}: unusable (impossible's earlier name)`, got.impossible ?? 0,
			fleet.need[over].unusable);
		const [fail] = await rows(`SELECT count(*) AS n FROM r
			WHERE need_count = ${fleet.need.count} AND size_bytes = ${fleet.need.bytes} AND ${where}
			AND need_verdict IN ('compact', 'reclaim', 'pinned', 'impossible')`);
		same(`need, ${over}: failing`, fail.n, fleet.need[over].failing);
	}
}

// The worst hosts: the size impossible (no counts) first, then fewest free
// now, then fewest after, then the list's order.
const worst = await rows(`SELECT root, now, after_compaction FROM r
	WHERE node IS NULL AND size_bytes = ${fleet.worst.bytes}
	ORDER BY now NULLS FIRST, after_compaction NULLS FIRST, rowid
	LIMIT ${fleet.worst.hosts.length}`);
fleet.worst.hosts.forEach((h, i) => {
	same(`worst ${i + 1}: root`, worst[i]?.root, h.root);
	same(`worst ${i + 1}: now`, worst[i]?.now, h.now);
	same(`worst ${i + 1}: free_now`, worst[i]?.now, h.free_now);
});

// Kernels and page sizes, roots counted once.
const kernels = await rows(`SELECT coalesce(kernel, '') AS k, count(DISTINCT root) AS n FROM r GROUP BY 1`);
for (const k of fleet.kernels)
	same(`kernel ${k.release}`, kernels.find((x) => x.k === (k.release ?? ''))?.n, k.roots);
const pages = await rows(`SELECT page_size AS b, count(DISTINCT root) AS n FROM r GROUP BY 1`);
for (const p of fleet.page_sizes)
	same(`page size ${p.bytes}`, pages.find((x) => String(x.b) === String(p.bytes))?.n, p.roots);

console.log(`duckdb: ${checks} checks, ${failed} failed`);
process.exit(failed ? 1 : 0);
