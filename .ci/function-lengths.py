#!/usr/bin/env python3
"""Counts the body length of every function, initializer, subscript and deinitializer in
Sources/ (from its declaration line to its closing brace, nested functions counted in their
enclosing function too), prints the longest, and fails when one is over its limit: 80 lines in
FilmstripOutputs (the engine), 120 anywhere else.

    python3 .ci/function-lengths.py [--top N] [ROOT]

Comments and string literals are skipped when matching braces. Exit code: 0 within the limits,
1 when a function is over its limit (each is named with its file and line).
"""
import os
import re
import sys

LIMITS = [("Sources/FilmstripOutputs/", 80)]
DEFAULT_LIMIT = 120

DECLARATION = re.compile(
    r"^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*"
    r"(?:(?:public|package|private|fileprivate|internal|open|static|class|final|override|mutating|"
    r"nonmutating|nonisolated|convenience|required|dynamic|isolated|consuming|borrowing)(?:\([^)]*\))?\s+)*"
    r"(func\s+([^\s(<]+)|init[?!]?\s*[(<]|deinit\b|subscript\s*[(<])")
TYPE = re.compile(
    r"^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:(?:public|package|private|fileprivate|internal|open|final|indirect)\s+)*"
    r"(?:struct|class|enum|extension|actor|protocol)\s+([\w.]+)")


def code_only(lines):
    """The lines with comments removed and string literals emptied; braces and parentheses kept."""
    out, in_block, in_multiline = [], 0, False
    for line in lines:
        text, i = [], 0
        while i < len(line):
            if in_block:
                end = line.find("*/", i)
                start = line.find("/*", i)
                if start >= 0 and (end < 0 or start < end):
                    in_block += 1
                    i = start + 2
                    continue
                if end < 0:
                    break
                in_block -= 1
                i = end + 2
                continue
            if in_multiline:
                end = line.find('"""', i)
                if end < 0:
                    break
                in_multiline = False
                i = end + 3
                text.append('""')
                continue
            if line.startswith('"""', i):
                in_multiline = True
                i += 3
                continue
            if line.startswith("//", i):
                break
            if line.startswith("/*", i):
                in_block = 1
                i += 2
                continue
            if line[i] == '"':
                j, depth = i + 1, 0
                while j < len(line):
                    if line[j] == "\\" and line.startswith("\\(", j):
                        depth += 1
                        j += 2
                        continue
                    if depth and line[j] == "(":
                        depth += 1
                    elif depth and line[j] == ")":
                        depth -= 1
                    elif line[j] == "\\":
                        j += 2
                        continue
                    elif line[j] == '"' and not depth:
                        break
                    j += 1
                text.append('""')
                i = j + 1
                continue
            text.append(line[i])
            i += 1
        out.append("".join(text))
    return out


def body_end(code, start):
    """The index of the line closing the body that opens at or after line `start`; None for a
    declaration without a body (a protocol requirement)."""
    depth, parens, opened = 0, 0, False
    for index in range(start, len(code)):
        if index > start and not opened and (DECLARATION.match(code[index]) or not code[index].strip()):
            return None
        for char in code[index]:
            if char in "([":
                parens += 1
            elif char in ")]":
                parens -= 1
            elif char == "{" and (opened or parens == 0):
                depth += 1
                opened = True
            elif char == "}" and opened:
                depth -= 1
                if depth == 0:
                    return index
    return None


def functions(path):
    with open(path, encoding="utf-8") as file:
        code = code_only(file.read().splitlines())
    types, depth = [], 0
    for index, line in enumerate(code):
        declared = TYPE.match(line)
        match = DECLARATION.match(line)
        if match:
            name = match.group(2) or match.group(1).split("(")[0].split("<")[0].strip()
            end = body_end(code, index)
            if end is not None:
                owner = ".".join(name for name, _ in types)
                yield end - index + 1, index + 1, f"{owner}.{name}" if owner else name
        for char in line:
            if char == "{":
                if declared and not types or declared and types[-1][1] != depth:
                    types.append((declared.group(1), depth))
                    declared = None
                depth += 1
            elif char == "}":
                depth -= 1
                while types and types[-1][1] >= depth:
                    types.pop()


def limit(path):
    return next((lines for prefix, lines in LIMITS if path.startswith(prefix)), DEFAULT_LIMIT)


def main(arguments):
    top = 10
    if arguments[:1] == ["--top"]:
        top, arguments = int(arguments[1]), arguments[2:]
    root = arguments[0] if arguments else "."
    found = []
    for folder, _, names in os.walk(os.path.join(root, "Sources")):
        for name in sorted(names):
            if name.endswith(".swift"):
                path = os.path.relpath(os.path.join(folder, name), root)
                found += [(length, path, line, function) for length, line, function in functions(os.path.join(root, path))]
    found.sort(key=lambda item: (-item[0], item[1], item[2]))
    print(f"{len(found)} functions in Sources; the longest (limit {LIMITS[0][1]} lines in FilmstripOutputs, {DEFAULT_LIMIT} elsewhere):")
    for length, path, line, function in found[:top]:
        print(f"{length:5}  {function}  {path}:{line}")
    over = [item for item in found if item[0] > limit(item[1])]
    for length, path, line, function in over:
        print(f"error: {path}:{line}: {function} is {length} lines, over the limit of {limit(path)}: split it into named pieces")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
