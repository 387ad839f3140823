#!/usr/bin/env python3
"""Public API documentation check: every public declaration has a `///` doc comment.

What it checks, in every .swift file under the given folders (by default Sources/ and
Examples/Checkout/Sources/):
  - each declaration marked `public` or `open` (type, func, init, var, let, typealias, ...);
  - each `case` of a `public enum` (one comment may cover a line declaring several cases).
The line directly above the declaration (attribute lines such as `@discardableResult` are
skipped) must start with `///`, or end a `/** ... */` block. Comments and string literals
(multi-line ones too) are skipped, so text in them is never taken for a declaration.

Run it from the repository root:
    python3 .ci/public-doc-check.py [FOLDER ...]
It prints `path:line: declaration` for each undocumented declaration, prints the count on
standard error, and exits with 1 when the count is not 0 (`.ci/run` fails on that).
"""
import pathlib
import re
import sys

ATTRIBUTES = r'^(@\w+(\([^)]*\))?\s+)*'
PUBLIC = re.compile(ATTRIBUTES + r'(public|open)\s')
PUBLIC_ENUM = re.compile(ATTRIBUTES + r'public\s+(indirect\s+)?enum\s')


def code_lines(text):
    """For each line: its code with comments and string contents removed, and whether the
    line starts inside a multi-line string literal or a block comment."""
    result = []
    stack = []  # open contexts: ['comment'], ['string', multiline], ['interpolation', open parens]
    for line in text.split('\n'):
        starts_inside = bool(stack) and stack[-1][0] != 'interpolation'
        code, i = [], 0
        while i < len(line):
            top = stack[-1] if stack else ['code']
            if top[0] == 'comment':
                if line.startswith('*/', i):
                    stack.pop()
                elif line.startswith('/*', i):
                    stack.append(['comment'])
                i += 2 if line.startswith(('*/', '/*'), i) else 1
            elif top[0] == 'string':
                if line.startswith('\\(', i):
                    stack.append(['interpolation', 0])
                    i += 2
                elif line[i] == '\\':
                    i += 2
                elif line.startswith('"""' if top[1] else '"', i):
                    stack.pop()
                    i += 3 if top[1] else 1
                else:
                    i += 1
            elif line.startswith('//', i):
                break
            elif line.startswith('/*', i):
                stack.append(['comment'])
                i += 2
            elif line[i] == '"':
                multiline = line.startswith('"""', i)
                stack.append(['string', multiline])
                i += 3 if multiline else 1
            elif top[0] == 'interpolation':  # code inside "\( )": its braces stay balanced
                if line[i] == ')' and top[1] == 0:
                    stack.pop()
                else:
                    top[1] += {'(': 1, ')': -1}.get(line[i], 0)
                i += 1
            else:
                code.append(line[i])
                i += 1
        result.append((''.join(code), starts_inside))
    return result


def undocumented(path):
    """Yields (line number, text) for each undocumented public declaration of one file."""
    lines = path.read_text(encoding='utf-8').split('\n')
    depth = 0             # brace depth at the start of the current line
    enum_bodies = []      # brace depths of the bodies of the public enums around this line
    enum_opening = False  # a `public enum` was declared and its `{` has not come yet
    for number, (code, starts_inside) in enumerate(code_lines('\n'.join(lines)), start=1):
        declaration = lines[number - 1].strip()
        if not starts_inside:
            in_enum_body = bool(enum_bodies) and enum_bodies[-1] == depth
            if PUBLIC.match(declaration) or (in_enum_body and re.match(r'case\s', declaration)):
                above = number - 2
                while above >= 0 and lines[above].strip().startswith('@'):
                    above -= 1
                previous = lines[above].strip() if above >= 0 else ''
                if not (previous.startswith('///') or previous.endswith('*/')):
                    yield number, declaration
            enum_opening = enum_opening or bool(PUBLIC_ENUM.match(declaration))
        for character in code:
            if character == '{':
                depth += 1
                if enum_opening:
                    enum_bodies.append(depth)
                    enum_opening = False
            elif character == '}':
                if enum_bodies and enum_bodies[-1] == depth:
                    enum_bodies.pop()
                depth -= 1


def main(folders):
    count = 0
    for folder in folders:
        for path in sorted(pathlib.Path(folder).rglob('*.swift')):
            for number, text in undocumented(path):
                print(f'{path}:{number}: {text[:100]}')
                count += 1
    print(count, file=sys.stderr)
    return 1 if count else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:] or ['Sources', 'Examples/Checkout/Sources']))
