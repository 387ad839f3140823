#!/usr/bin/env python3
"""Runs a CI workflow of docs/ci/ on this machine, the way its CI service would, against a clone.

    run_workflow.py github|gitlab WORKFLOW.yml --repo REPO --filmstrip BINARY --work DIR
                    [--plans NAME,NAME,...] [--alter-shard N]

WORKFLOW.yml is parsed with PyYAML. Every shell step (GitHub's `run:`, GitLab's `before_script`
and `script`) runs verbatim under `bash -e`, each job instance in a fresh `git clone` of a source
clone of REPO (with only --plans' capture plans kept, when given), with the variables the service
sets (GitHub: `${{ matrix.* }}`, `${{ strategy.job-total }}`, `$GITHUB_PATH`; GitLab:
`$CI_NODE_INDEX`, `$CI_NODE_TOTAL`). Two commands are stood in for on PATH, so no package is
installed and nothing is compiled: `apt-get` (it records its arguments) and `swift build -c release
--product filmstrip` (it places a `filmstrip` that runs BINARY in `.build/release/`). The actions a
GitHub step `uses:` are done by this script: checkout (the clone), cache (nothing), upload and
download of artefacts (copies, without hidden files, as actions/upload-artifact@v4 leaves them out);
GitLab's artefacts are copied into the jobs that need them. An expression or action it does not
know stops it (exit 2), so a workflow cannot drift past what is run here.

With --alter-shard N, the merge job runs a second time with one byte appended to a report.json
in shard N's artefact: its proof step must fail.

Prints one JSON document: {"jobs": [{"job", "instance", "status", "steps": [{"name", "status",
"output"}]}], "apt": [argument lists], "artefacts": {name: [files]}}. Exit 0 when it ran the
workflow (whatever the steps' verdicts), 2 when it could not.
"""
import argparse
import fnmatch
import glob
import json
import os
import re
import shutil
import subprocess
import sys

import yaml


class Unsupported(Exception):
    pass


def sh(args, cwd=None):
    subprocess.run(args, cwd=cwd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


class Runner:
    def __init__(self, options):
        self.options = options
        self.work = os.path.abspath(options.work)
        os.makedirs(self.work, exist_ok=True)
        self.source = os.path.join(self.work, "source")
        self.artefacts = os.path.join(self.work, "artefacts")
        self.shims = os.path.join(self.work, "shims")
        self.apt_log = os.path.join(self.work, "apt.log")
        self.jobs = []
        self.make_source()
        self.make_shims()

    def make_source(self):
        # The commit REPO has checked out (a linked worktree's own, not its main repository's HEAD).
        commit = subprocess.run(["git", "-C", self.options.repo, "rev-parse", "HEAD"], check=True, stdout=subprocess.PIPE, text=True).stdout.strip()
        sh(["git", "clone", "--quiet", "--no-checkout", self.options.repo, self.source])
        sh(["git", "checkout", "--quiet", "-B", "ci", commit], cwd=self.source)
        if self.options.plans:
            keep = set(self.options.plans.split(","))
            captures = os.path.join(self.source, "captures")
            for name in os.listdir(captures):
                path = os.path.join(captures, name)
                stem = name[:-5] if name.endswith(".json") else name
                if name == "index.html" or stem in keep:
                    continue
                if os.path.isdir(path):
                    shutil.rmtree(path)
                else:
                    os.remove(path)
            sh(["git", "-c", "user.name=ci", "-c", "user.email=ci@localhost", "commit", "-q", "-a", "-m", "Keep a few plans"], cwd=self.source)

    def make_shims(self):
        os.makedirs(self.shims, exist_ok=True)
        binary = os.path.abspath(self.options.filmstrip)
        with open(os.path.join(self.shims, "apt-get"), "w") as f:
            f.write('#!/bin/sh\nprintf "%s\\n" "$*" >> "%s"\n' % ("%s", self.apt_log))
        with open(os.path.join(self.shims, "swift"), "w") as f:
            f.write(
                '#!/bin/sh\n'
                'if [ "$*" != "build -c release --product filmstrip" ]; then echo "swift $*: not stood in for" >&2; exit 97; fi\n'
                'mkdir -p .build/release\n'
                'printf \'#!/bin/sh\\nexec "%s" "$@"\\n\' > .build/release/filmstrip\n'
                'chmod +x .build/release/filmstrip\n' % binary)
        for name in ("apt-get", "swift"):
            os.chmod(os.path.join(self.shims, name), 0o755)

    def clone(self, name):
        folder = os.path.join(self.work, name)
        if os.path.exists(folder):
            shutil.rmtree(folder)
        sh(["git", "clone", "--quiet", self.source, folder])
        return folder

    def bash(self, script, cwd, env):
        result = subprocess.run(["bash", "-e", "-c", script], cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        return result.returncode, result.stdout[-20000:]

    def base_env(self):
        env = {k: v for k, v in os.environ.items() if not k.startswith(("GITHUB_", "CI_"))}
        env["PATH"] = self.shims + os.pathsep + env["PATH"]
        return env

    # Artefacts: a folder per artefact, hidden files left out.
    def upload(self, name, folder, patterns):
        target = os.path.join(self.artefacts, name)
        copied = []
        for pattern in patterns:
            for path in sorted(glob.glob(os.path.join(folder, pattern))):
                for file in walk(path):
                    relative = os.path.relpath(file, folder)
                    if any(part.startswith(".") for part in relative.split(os.sep)):
                        continue
                    os.makedirs(os.path.dirname(os.path.join(target, relative)), exist_ok=True)
                    shutil.copy2(file, os.path.join(target, relative))
                    copied.append(relative)
        return sorted(copied)

    def download(self, names, folder):
        for name in names:
            source = os.path.join(self.artefacts, name)
            for file in walk(source):
                relative = os.path.relpath(file, source)
                os.makedirs(os.path.dirname(os.path.join(folder, relative)), exist_ok=True)
                shutil.copy2(file, os.path.join(folder, relative))

    def alter(self, name):
        reports = sorted(glob.glob(os.path.join(self.artefacts, name, "fresh", "*", "report.json")))
        if not reports:
            raise Unsupported("artefact %s holds no fresh/*/report.json to alter" % name)
        altered = os.path.join(self.artefacts, name + "-altered")
        shutil.copytree(os.path.join(self.artefacts, name), altered)
        with open(os.path.join(altered, os.path.relpath(reports[0], os.path.join(self.artefacts, name))), "a") as f:
            f.write(" ")
        return name + "-altered"


def walk(path):
    if os.path.isfile(path):
        return [path]
    return sorted(os.path.join(root, f) for root, _, files in os.walk(path) for f in files)


EXPRESSION = re.compile(r"\$\{\{\s*([^}]*?)\s*\}\}")


class GitHub(Runner):
    def expand(self, text, context):
        def value(match):
            expression = match.group(1)
            if expression in context:
                return str(context[expression])
            raise Unsupported("expression ${{ %s }} is not evaluated here" % expression)
        return EXPRESSION.sub(value, str(text))

    def condition(self, item):
        condition = item.get("if")
        if condition is None:
            return "success"
        if str(condition).strip() in ("${{ !cancelled() }}", "!cancelled()", "${{ always() }}", "always()"):
            return "always"
        raise Unsupported("condition %r is not evaluated here" % condition)

    def run(self, workflow):
        jobs = workflow["jobs"]
        done = {}
        for job_name, job in jobs.items():
            for need in as_list(job.get("needs", [])):
                if need not in done:
                    raise Unsupported("job %s needs %s, which is not before it" % (job_name, need))
            if any(done[need] != 0 for need in as_list(job.get("needs", []))) and self.condition(job) == "success":
                continue
            matrix = job.get("strategy", {}).get("matrix", {})
            if set(matrix) - {"shard"}:
                raise Unsupported("matrix keys other than shard: %s" % sorted(matrix))
            instances = [{"matrix.shard": shard} for shard in matrix.get("shard", [])] or [{}]
            statuses = []
            for index, context in enumerate(instances):
                context = dict(context)
                context["strategy.job-total"] = len(instances)
                context["strategy.job-index"] = index
                statuses.append(self.run_job(job_name, job, context, index + 1 if matrix else None, workflow))
            done[job_name] = max(statuses)
        if self.options.alter_shard:
            merge = jobs["merge"]
            self.run_job("merge", merge, {"strategy.job-total": 1, "strategy.job-index": 0}, None, workflow,
                         altered="filmstrip-shard-%d" % self.options.alter_shard)

    def run_job(self, job_name, job, context, instance, workflow, altered=None):
        label = job_name + ("-%d" % instance if instance else "") + ("-altered" if altered else "")
        folder = self.clone(label)
        github_path = os.path.join(self.work, label + ".path")
        open(github_path, "w").close()
        env = self.base_env()
        for scope in (workflow.get("env", {}), job.get("env", {})):
            env.update({k: self.expand(v, context) for k, v in scope.items()})
        steps = []
        failed = False
        for step in job["steps"]:
            if failed and self.condition(step) == "success":
                continue
            name = step.get("name") or step.get("uses")
            if "uses" in step:
                status, output = self.action(step, folder, context, altered)
            else:
                step_env = dict(env)
                step_env.update({k: self.expand(v, context) for k, v in step.get("env", {}).items()})
                step_env["GITHUB_PATH"] = github_path
                with open(github_path) as f:
                    added = [line.strip() for line in f if line.strip()]
                step_env["PATH"] = os.pathsep.join(list(reversed(added)) + [step_env["PATH"]])
                status, output = self.bash(self.expand(step["run"], context), folder, step_env)
            steps.append({"name": name, "status": status, "output": output})
            failed = failed or status != 0
        self.jobs.append({"job": job_name, "instance": instance, "altered": altered, "status": 1 if failed else 0, "steps": steps})
        return 1 if failed else 0

    def action(self, step, folder, context, altered):
        uses = step["uses"]
        if uses == "actions/checkout@v4":
            return 0, "cloned"
        if uses == "actions/cache@v4":
            # Its key (hashFiles) is the service's business: here nothing is restored.
            if step.get("with", {}).get("path") != ".build":
                raise Unsupported("the cache holds %r, expected .build" % step.get("with", {}).get("path"))
            return 0, "cache: nothing restored here"
        given = {k: self.expand(v, context) for k, v in step.get("with", {}).items()}
        if uses == "actions/upload-artifact@v4":
            patterns = [line.strip() for line in given["path"].splitlines() if line.strip()]
            copied = self.upload(given["name"], folder, patterns)
            self.uploaded[given["name"]] = copied
            if not copied and given.get("if-no-files-found") == "error":
                return 1, "no files found for %s" % patterns
            return 0, "uploaded %d files as %s" % (len(copied), given["name"])
        if uses == "actions/download-artifact@v4":
            if given.get("merge-multiple") != "True" and given.get("merge-multiple") != "true":
                raise Unsupported("download-artifact without merge-multiple")
            names = sorted(n for n in self.uploaded if fnmatch.fnmatchcase(n, given["pattern"]))
            if altered:
                names = [self.alter(n) if n == altered else n for n in names]
            self.download(names, os.path.join(folder, given.get("path", ".")))
            return 0, "downloaded %s" % ", ".join(names)
        raise Unsupported("action %s is not done here" % uses)


class GitLab(Runner):
    def run(self, workflow):
        default = workflow.get("default", {})
        done = {}
        for job_name, job in workflow.items():
            if job_name in ("default", "stages", "variables", "include", "workflow") or not isinstance(job, dict):
                continue
            needs = as_list(job.get("needs", []))
            for need in needs:
                if need not in done:
                    raise Unsupported("job %s needs %s, which is not before it" % (job_name, need))
            if any(done[need][0] != 0 for need in needs) and job.get("when") != "always":
                continue
            parallel = job.get("parallel")
            if parallel is not None and not isinstance(parallel, int):
                raise Unsupported("parallel: %r (only a count is run here)" % parallel)
            instances = list(range(1, parallel + 1)) if parallel else [None]
            names = []
            statuses = []
            for instance in instances:
                status, name = self.run_job(job_name, job, default, instance, len(instances), [n for need in needs for n in done[need][1]])
                statuses.append(status)
                names.append(name)
            done[job_name] = (max(statuses), names)
        if self.options.alter_shard:
            altered = "check-%d" % self.options.alter_shard
            sources = [self.alter(n) if n == altered else n for n in done["check"][1]]
            self.run_job("merge", workflow["merge"], default, None, 1, sources, altered=altered)

    def run_job(self, job_name, job, default, instance, total, artefacts, altered=None):
        label = job_name + ("-%d" % instance if instance else "") + ("-altered" if altered else "")
        folder = self.clone(label)
        self.download(artefacts, folder)
        env = self.base_env()
        env.update({k: str(v) for k, v in default.get("variables", {}).items()})
        if instance is not None:
            env["CI_NODE_INDEX"] = str(instance)
            env["CI_NODE_TOTAL"] = str(total)
        lines = as_list(job.get("before_script", default.get("before_script", []))) + as_list(job["script"])
        status, output = self.bash("\n".join(lines), folder, env)
        steps = [{"name": "script", "status": status, "output": output}]
        artefact = job.get("artifacts")
        if artefact and (status == 0 or artefact.get("when") == "always"):
            copied = self.upload(label, folder, artefact.get("paths", []))
            self.uploaded[label] = copied
            for report in as_list(artefact.get("reports", {}).get("junit", [])):
                if not glob.glob(os.path.join(folder, report)):
                    status = 1
                    steps.append({"name": "junit report", "status": 1, "output": "no file matches %s" % report})
        self.jobs.append({"job": job_name, "instance": instance, "altered": altered, "status": status, "steps": steps})
        return status, label


def as_list(value):
    return value if isinstance(value, list) else [value]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("kind", choices=["github", "gitlab"])
    parser.add_argument("workflow")
    parser.add_argument("--repo", required=True)
    parser.add_argument("--filmstrip", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--plans")
    parser.add_argument("--alter-shard", type=int)
    options = parser.parse_args()
    with open(options.workflow) as f:
        workflow = yaml.safe_load(f)
    runner = (GitHub if options.kind == "github" else GitLab)(options)
    runner.uploaded = {}
    try:
        runner.run(workflow)
    except Unsupported as error:
        print("%s: %s" % (options.workflow, error), file=sys.stderr)
        sys.exit(2)
    apt = []
    if os.path.exists(runner.apt_log):
        with open(runner.apt_log) as f:
            apt = [line.split() for line in f if line.strip()]
    json.dump({"jobs": runner.jobs, "apt": apt, "artefacts": runner.uploaded}, sys.stdout, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
