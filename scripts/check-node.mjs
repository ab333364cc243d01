// Fails clearly on an older Node: the project runs on Node 24 (installed from the npm registry as a
// devDependency, which `npm run` puts first on the PATH).
const major = Number(process.versions.node.split(".")[0]);
if (major < 24) {
  console.error(
    `This project needs Node.js 24 or newer, but ${process.execPath} is ${process.version}.\n` +
      "Run it through npm (npm start, npm test), which uses the Node 24 from node_modules/.bin, " +
      "or run `npm install` first if node_modules is missing.",
  );
  process.exit(1);
}
