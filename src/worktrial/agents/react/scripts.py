"""Small Python programs the file tools run with `python3 -c` INSIDE the sandbox (argv and stdin carry data)."""

READ = r"""
import sys
path, start, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
try:
    data = open(path, "rb").read()
except OSError as e:
    sys.exit(f"error: {e.strerror}: {path}")
if b"\0" in data[:8192]:
    print(f"{path} is a binary file of {len(data)} bytes")
    sys.exit(0)
lines = data.decode("utf-8", "replace").splitlines()
start = max(1, start)
end = min(len(lines), start - 1 + count)
sys.stdout.write("".join(line + "\n" for line in lines[start - 1:end]))
if start > 1 or end < len(lines):
    print(f"[lines {start}-{end} of {len(lines)}]")
"""

WRITE = r"""
import os, sys
path = sys.argv[1]
data = sys.stdin.buffer.read()
folder = os.path.dirname(path)
try:
    if folder:
        os.makedirs(folder, exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)
except OSError as e:
    sys.exit(f"error: {e.strerror}: {path}")
print(f"wrote {len(data)} bytes to {path}")
"""

EDIT = r"""
import json, sys
path = sys.argv[1]
req = json.load(sys.stdin)
old, new, every = req["old"], req["new"], req["all"]
try:
    with open(path, encoding="utf-8", newline="") as f:
        text = f.read()
except (OSError, UnicodeDecodeError) as e:
    sys.exit(f"error: cannot read {path}: {e}")
n = text.count(old) if old else 0
if n == 0:
    sys.exit(f"error: old_text was not found in {path}; read the file and copy the text exactly")
if n > 1 and not every:
    sys.exit(f"error: old_text occurs {n} times in {path}; include more lines around it or set replace_all")
text = text.replace(old, new) if every else text.replace(old, new, 1)
with open(path, "w", encoding="utf-8", newline="") as f:
    f.write(text)
print(f"replaced {n if every else 1} occurrence(s) in {path}")
"""

LIST = r"""
import os, sys
root, depth, limit = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
if not os.path.isdir(root):
    sys.exit(f"error: not a directory: {root}")
out = []
for folder, dirs, files in os.walk(root):
    rel = os.path.relpath(folder, root)
    level = 0 if rel == "." else rel.count(os.sep) + 1
    dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__")
    prefix = "" if rel == "." else rel + "/"
    out += [prefix + d + "/" for d in dirs]
    for name in sorted(files):
        try:
            size = os.path.getsize(os.path.join(folder, name))
        except OSError:
            size = -1
        out.append(f"{prefix}{name}  ({size} bytes)")
    if level + 1 >= depth:
        dirs[:] = []
out.sort()
print("\n".join(out[:limit]) if out else "(empty)")
if len(out) > limit:
    print(f"[... {len(out) - limit} more entries]")
"""
