// The Node flags of the API process: `npm start` (scripts/start.mjs), `npm run start:cluster` and the
// benchmarks' server processes all run it with these.
// `--max-old-space-size=512`: with V8's default limit (a quarter of the machine's memory) the old generation
// grew to 170 MB of garbage between full collections under the read benchmark, the process peaking at
// 290–299 MB resident; with 512 MB (eight times the 60 MB left after a full collection) it peaked at
// 210–211 MB at the same throughput (docs/performance-api.md, "Memory under the read load").
export const serverNodeFlags = ['--enable-source-maps', '--max-old-space-size=512'];
