#!/usr/bin/env python3
"""The public surface of `import Filmstrip`, counted from the symbol graph of the built modules.

Run after `swift build` (debug). It extracts the symbol graph of every module `Filmstrip`
re-exports (`swift symbolgraph-extract`: public and open symbols, synthesized members skipped),
prints the count per module and fails when:
  - the total is above the limit (a third of the 965 declarations once counted, plus the stock
    screens, the scripted network and the seed benches' definitions), or
  - a public type is named neither in docs/WRITING-A-BENCH.md, docs/OWN-CODE.md, the examples
    (Examples/*/Sources, Examples/*/Tests) nor docs/REFERENCE.md.
`--reference` prints the rows of docs/REFERENCE.md's table, from the types' doc comments."""
import glob, json, os, re, subprocess, sys, tempfile

LIMIT = 375
MODULES = ["FilmstripCore", "FilmstripRaster", "FilmstripPNG", "FilmstripReports", "FilmstripOutputs", "FilmstripSeedBenches"]
TYPE_KINDS = {"swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias", "swift.actor"}
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
os.chdir(root)
builds = glob.glob(".build/*-unknown-linux-gnu/debug") + glob.glob(".build/*-apple-macosx/debug")
if not builds:
    sys.exit("error: no debug build under .build: run `swift build` first")
build = builds[0]
triple = os.path.basename(os.path.dirname(build))
maps = glob.glob("Sources/C*/module.modulemap") + glob.glob(f"{build}/C*.build/module.modulemap")
out = tempfile.mkdtemp()
for module in MODULES:
    command = ["swift", "symbolgraph-extract", "-module-name", module, "-I", f"{build}/Modules",
               "-target", triple, "-minimum-access-level", "public", "-skip-synthesized-members",
               "-output-dir", out]
    for modulemap in maps:
        command += ["-Xcc", f"-fmodule-map-file={modulemap}"]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"error: symbolgraph-extract failed for {module}:\n{result.stderr}")

symbols = []
for path in sorted(glob.glob(os.path.join(out, "*.symbols.json"))):
    module = os.path.basename(path).split(".")[0].split("@")[0]
    if module in MODULES:
        symbols += [(module, s) for s in json.load(open(path))["symbols"] if s["accessLevel"] in ("public", "open")]

def type_name(symbol):
    return ".".join(symbol["pathComponents"])

if "--reference" in sys.argv:
    rows = set()
    for module, symbol in symbols:
        if symbol["kind"]["identifier"] in TYPE_KINDS:
            lines = [line["text"] for line in symbol.get("docComment", {}).get("lines", [])]
            summary = re.split(r"(?<!e\.g)(?<!i\.e)\. ", " ".join(lines))[0].strip().rstrip(".").replace("|", "\\|")
            rows.add((f"`{type_name(symbol)}`", module, summary))
    for name, module, summary in sorted(rows):
        print(f"| {name} | {module} | {summary}. |")
    sys.exit(0)

total = 0
for module in MODULES:
    count = sum(1 for m, _ in symbols if m == module)
    total += count
    print(f"{module:18} {count:4}")
print(f"{'total':18} {total:4}   (limit {LIMIT})")

taught = ""
for path in ["docs/WRITING-A-BENCH.md", "docs/OWN-CODE.md", "docs/REFERENCE.md"] \
        + glob.glob("Examples/*/Sources/**/*.swift", recursive=True) + glob.glob("Examples/*/Tests/**/*.swift", recursive=True):
    taught += open(path).read() + "\n"
words = set(re.findall(r"[A-Za-z_][A-Za-z0-9_.]*", taught))
untaught = sorted({type_name(s) for _, s in symbols if s["kind"]["identifier"] in TYPE_KINDS
                   and type_name(s) not in words and f"`{type_name(s)}`" not in taught})
status = 0
if total > LIMIT:
    print(f"error: {total} public declarations, over the limit of {LIMIT}: give `package` access to what only sibling modules use")
    status = 1
if untaught:
    print("error: public types in no guide, example or docs/REFERENCE.md: " + ", ".join(untaught))
    status = 1
sys.exit(status)
