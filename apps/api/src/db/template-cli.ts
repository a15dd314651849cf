import { defaultTemplateDir, writeTemplate } from './template.ts';

// `npm run build:api` (and `npm start` when the migrations changed): makes the PGlite template a server with
// an empty DATA_DIR starts from (template.ts).
const started = performance.now();
writeTemplate()
  .then(() =>
    console.log(
      `PGlite template in ${defaultTemplateDir} made in ${Math.round(performance.now() - started)} ms`,
    ),
  )
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
