#!/usr/bin/env python3
"""web_app.py: the browser client as an installable app (docs/offline.md).

    python3 scripts/web_app.py WEB_DIR [--module FILE] [--static DIR]

writes into WEB_DIR the files the page needs for offline play that are not
in git, each only when it changed:

  wasm/partyfood.wasm    the engine module (--module: `make wasm`'s build)
  img/icon-192.png       the app's icons, drawn from img/pieces.svg's own
  img/icon-512.png       pieces (a pizza, a stack of pancakes, the panda),
  img/icon-maskable.png  rendered by Debian's chromium; kept as they are
                         when chromium is missing
  sw-files.js            this build's version (a digest of every file the
                         service worker keeps) and the list of those files

With --static DIR it then copies the client (the files sw-files.js lists,
sw.js and sw-files.js) into DIR, a folder any static file host serves for
solo play (`make web-static`)."""
import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile

# Files of the web folder that are not the app: the pieces' gallery (a
# page for whoever draws), node's module marker, the service worker and
# its list (written here).
LEFT_OUT = {'gallery.html', 'js/gallery.js', 'css/gallery.css', 'js/package.json',
            'sw.js', 'sw-files.js'}

# The icon: a whole pizza of the four slices, a stack of pancakes and the
# panda, on the page's header colour, in a 512 unit square.
ICON_PARTS = ''.join(
    '<g transform="translate(200 200) rotate(%d)">'
    '<use href="#pizza-slice-%s" x="-2" y="-152" width="152" height="152"/></g>' % (i * 90, c)
    for i, c in enumerate(['red', 'yellow', 'green', 'blue'])) + (
    '<use href="#pancake-stack" x="262" y="250" width="220" height="192"/>'
    '<use href="#paku-panda" x="30" y="292" width="190" height="190"/>')
BACKGROUND = '#fde9c9'


def write_if_changed(path, data):
    """Writes bytes to path unless it already holds them; True when written."""
    try:
        with open(path, 'rb') as f:
            if f.read() == data:
                return False
    except FileNotFoundError:
        pass
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = path + '.tmp'
    with open(tmp, 'wb') as f:
        f.write(data)
    os.replace(tmp, path)
    return True


def icon_svg(sprite, size, maskable):
    """The icon as one SVG holding the sprite's symbols: rounded corners on
    a clear ground, or (maskable) the ground to the edges and the drawing
    inside the middle 80% that every mask keeps."""
    with open(sprite, encoding='utf-8') as f:
        text = f.read()
    start = text.index('>', text.index('<svg')) + 1
    body = text[start:text.rindex('</svg>')]
    if maskable:
        ground = '<rect width="512" height="512" fill="%s"/>' % BACKGROUND
        parts = '<g transform="translate(56 56) scale(0.78)">%s</g>' % ICON_PARTS
    else:
        ground = '<rect width="512" height="512" rx="110" fill="%s"/>' % BACKGROUND
        parts = ICON_PARTS
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="%d" height="%d">'
            '%s%s%s</svg>' % (size, size, body, ground, parts))


def render_icons(web):
    """Renders the icons with chromium when pieces.svg (or this script) is
    newer than them; False when chromium is missing and none exist."""
    sprite = os.path.join(web, 'img', 'pieces.svg')
    targets = [('icon-192.png', 192, False), ('icon-512.png', 512, False),
               ('icon-maskable.png', 512, True)]
    newest = max(os.path.getmtime(sprite), os.path.getmtime(__file__))
    stale = [t for t in targets
             if not os.path.exists(os.path.join(web, 'img', t[0]))
             or os.path.getmtime(os.path.join(web, 'img', t[0])) < newest]
    if not stale:
        return True
    chromium = shutil.which('chromium')
    if not chromium:
        print('web_app: no chromium to draw the icons (apt-get install chromium)', file=sys.stderr)
        return all(os.path.exists(os.path.join(web, 'img', t[0])) for t in targets)
    with tempfile.TemporaryDirectory() as tmp:
        for name, size, maskable in stale:
            svg = os.path.join(tmp, 'icon.svg')
            with open(svg, 'w', encoding='utf-8') as f:
                f.write(icon_svg(sprite, size, maskable))
            png = os.path.join(tmp, name)
            subprocess.run([chromium, '--headless', '--no-sandbox', '--disable-gpu',
                            '--disable-background-networking', '--hide-scrollbars',
                            '--default-background-color=00000000', '--user-data-dir=' + tmp,
                            '--window-size=%d,%d' % (size, size), '--screenshot=' + png,
                            'file://' + svg], check=True, timeout=120,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            with open(png, 'rb') as f:
                write_if_changed(os.path.join(web, 'img', name), f.read())
    return True


def app_files(web):
    """The files the service worker keeps, relative to the web folder."""
    found = []
    for root, dirs, files in os.walk(web):
        dirs[:] = sorted(d for d in dirs if not d.startswith('.'))
        for name in sorted(files):
            rel = os.path.relpath(os.path.join(root, name), web).replace(os.sep, '/')
            if not name.startswith('.') and not name.endswith('.tmp') and rel not in LEFT_OUT:
                found.append(rel)
    return found


def write_file_list(web):
    """sw-files.js: the version is a digest of every kept file and of the
    service worker, so any change makes a new build."""
    files = app_files(web)
    digest = hashlib.sha256()
    for rel in files + ['sw.js']:
        with open(os.path.join(web, rel), 'rb') as f:
            digest.update(rel.encode() + b'\0' + hashlib.sha256(f.read()).digest())
    build = {'version': digest.hexdigest()[:16], 'files': files}
    text = ('// sw-files.js: written by scripts/web_app.py (not in git): this build\'s\n'
            '// version and the files the service worker (sw.js) keeps for offline play.\n'
            'self.PF_BUILD = %s;\n' % json.dumps(build, indent=1))
    write_if_changed(os.path.join(web, 'sw-files.js'), text.encode())
    return files


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('web')
    ap.add_argument('--module')
    ap.add_argument('--static')
    args = ap.parse_args()
    web = os.path.abspath(args.web)
    if args.module:
        with open(args.module, 'rb') as f:
            write_if_changed(os.path.join(web, 'wasm', 'partyfood.wasm'), f.read())
    icons = render_icons(web)
    files = write_file_list(web)
    if args.static:
        if not os.path.exists(os.path.join(web, 'wasm', 'partyfood.wasm')) or not icons:
            sys.exit('web_app: the static build needs the module (make wasm) and the icons (chromium)')
        out = os.path.abspath(args.static)
        shutil.rmtree(out, ignore_errors=True)
        for rel in files + ['sw.js', 'sw-files.js']:
            os.makedirs(os.path.dirname(os.path.join(out, rel)), exist_ok=True)
            shutil.copyfile(os.path.join(web, rel), os.path.join(out, rel))
        print('web_app: %d files in %s; serve it with any static file host (README.md)'
              % (len(files) + 2, out))


if __name__ == '__main__':
    main()
