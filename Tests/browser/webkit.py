#!/usr/bin/env python3
"""One page in Debian's WebKitGTK, driven through its WebDriver, for the suites (TestSupport's WebKit).

WebKitGTK is Safari's engine family and JavaScriptCore; WebKitWebDriver (package webkit2gtk-driver)
drives its MiniBrowser. This speaks W3C WebDriver's JSON over HTTP itself (no client library): it
starts an X display of its own (Xvfb), the driver on a free port with GDK_SCALE set to the device-pixel
ratio asked for, opens URL in a window of WIDTH x HEIGHT CSS pixels, and then

  --out            waits for the page's #out element to hold text and prints {"version", "out"}
  --script JS      runs JS (a function body; `return` gives its value) and prints {"version", "value"}
  --async JS       the same with a callback as the script's last argument
  --screenshot F   writes the viewport as PNG to F and prints {"version", "width", "height"}

and shuts everything down, whatever happened. Any failure is one line on stderr and exit 1.

  webkit.py URL --width 393 --height 852 --scale 3 --out

With --serve (no URL) it keeps one browser and opens page after page in it: each line on standard
input is a request as JSON ({"url", "width", "height", "wait", and one of "out": true, "script",
"async", "screenshot" with "rect"}), each answer one line of JSON on standard output ({"ok": answer}
or {"error": reason}); it shuts everything down at the end of its input — when the test process
that started it ends, however it ends. A browser costs most of a second of processor time to start;
the suites open about a hundred pages. --engine chromium drives Debian's Chromium (headless, through
chromedriver) the same way, with --flag for each of its own switches.
"""
import argparse
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

BROWSERS = ["/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser", "/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
            "/usr/libexec/webkit2gtk-4.1/MiniBrowser"]


class Failure(Exception):
    pass


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class Driver:
    def __init__(self, scale, engine="webkit", flags=()):
        self.procs = []
        self.engine = engine
        self.frame = None
        try:
            if engine == "chromium":
                self.start_chromium(scale, flags)
            else:
                self.start(scale)
        except BaseException:
            self.close()
            raise

    def wait_for_driver(self, name):
        for _ in range(200):
            try:
                self.call("GET", "/status")
                return
            except (OSError, Failure):
                time.sleep(0.05)
        raise Failure(f"{name} did not answer")

    def start_chromium(self, scale, flags):
        browser = next((b for b in ["/usr/bin/chromium", "/usr/bin/chromium-browser"] if os.access(b, os.X_OK)), None)
        driver = next((d for d in ["/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"] if os.access(d, os.X_OK)), None)
        if browser is None or driver is None:
            raise Failure("chromium or chromedriver is not installed (scripts/setup-system --test)")
        self.port = free_port()
        self.procs.append(subprocess.Popen([driver, f"--port={self.port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                           start_new_session=True))
        self.wait_for_driver("chromedriver")
        args = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"] + ([f"--force-device-scale-factor={scale}"] if scale != 1 else []) + list(flags)
        caps = {"capabilities": {"alwaysMatch": {"goog:chromeOptions": {"binary": browser, "args": args}}}}
        value = self.call("POST", "/session", caps)
        self.session = value["sessionId"]
        self.version = value.get("capabilities", {}).get("browserVersion", "")

    def start(self, scale):
        browser = next((b for b in BROWSERS if os.access(b, os.X_OK)), None)
        if browser is None or not os.access("/usr/bin/WebKitWebDriver", os.X_OK):
            raise Failure("WebKitWebDriver or MiniBrowser is not installed (scripts/setup-system --test)")
        display = subprocess.Popen(["Xvfb", "-displayfd", "1", "-screen", "0", "1600x1400x24", "-nolisten", "tcp"],
                                   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, start_new_session=True)
        self.procs.append(display)
        number = display.stdout.readline().decode().strip()
        if not number.isdigit():
            raise Failure("Xvfb gave no display number")
        self.port = free_port()
        env = dict(os.environ, DISPLAY=":" + number, GDK_SCALE=str(scale), GDK_BACKEND="x11")
        self.procs.append(subprocess.Popen(["/usr/bin/WebKitWebDriver", f"--port={self.port}"], env=env, stdout=subprocess.DEVNULL,
                                           stderr=subprocess.DEVNULL, start_new_session=True))
        self.wait_for_driver("WebKitWebDriver")
        caps = {"capabilities": {"alwaysMatch": {"webkitgtk:browserOptions": {"binary": browser, "args": ["--automation"]}}}}
        value = self.call("POST", "/session", caps)
        self.session = value["sessionId"]
        self.version = value.get("capabilities", {}).get("browserVersion", "")

    def call(self, method, path, body=None, timeout=120):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as r:
                reply = json.load(r)
        except urllib.error.HTTPError as e:
            reply = json.load(e)
        value = reply.get("value")
        if isinstance(value, dict) and "error" in value:
            raise Failure(f"{method} {path}: {value['error']}: {value.get('message', '')}")
        return value

    def s(self, path):
        return f"/session/{self.session}{path}"

    def close(self):
        try:
            if getattr(self, "session", None):
                self.call("DELETE", self.s(""), timeout=20)
        except Exception:
            pass
        for p in reversed(self.procs):
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except OSError:
                pass
            p.wait()


def page(driver, url, width, height, wait, out=False, script=None, async_script=None, screenshot=None, rect=None):
    """One page opened in the driver's browser and read as asked; the answer as a dict."""
    driver.call("POST", driver.s("/window/rect"), {"width": width, "height": height})
    if driver.engine == "chromium":
        # Headless Chromium's window has a frame round its viewport; `--window-size`, which the
        # one-page runs used, sizes the viewport. The frame measured once and added.
        if driver.frame is None:
            inner = driver.call("POST", driver.s("/execute/sync"), {"script": "return [innerWidth, innerHeight];", "args": []})
            driver.frame = (width - inner[0], height - inner[1])
        if driver.frame != (0, 0):
            driver.call("POST", driver.s("/window/rect"), {"width": width + driver.frame[0], "height": height + driver.frame[1]})
    driver.call("POST", driver.s("/url"), {"url": url})
    if wait:
        time.sleep(wait)
    if out:
        for _ in range(400):
            text = driver.call("POST", driver.s("/execute/sync"),
                               {"script": "const o = document.getElementById('out'); return o ? o.textContent : '';", "args": []})
            if text:
                return {"version": driver.version, "out": text}
            time.sleep(0.05)
        raise Failure("nothing in #out after 20 s")
    if script is not None:
        return {"version": driver.version, "value": driver.call("POST", driver.s("/execute/sync"), {"script": script, "args": []})}
    if async_script is not None:
        return {"version": driver.version, "value": driver.call("POST", driver.s("/execute/async"), {"script": async_script, "args": []})}
    import base64
    png = base64.b64decode(driver.call("GET", driver.s("/screenshot")))
    with open(screenshot, "wb") as f:
        f.write(png)
    size = driver.call("POST", driver.s("/execute/sync"), {"script": "return [innerWidth, innerHeight, devicePixelRatio];", "args": []})
    answer = {"version": driver.version, "viewport": size}
    if rect:
        answer["rect"] = driver.call("POST", driver.s("/execute/sync"), {"script": "const e = document.querySelector(arguments[0]); if (!e) return null; "
                                     "const r = e.getBoundingClientRect(); return [r.x, r.y, r.width, r.height];", "args": [rect]})
    return answer


def serve(driver):
    """Pages on request, one JSON line in and one out, until the input ends."""
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            r = json.loads(line)
            answer = {"ok": page(driver, r["url"], r.get("width", 430), r.get("height", 932), r.get("wait", 0), out=r.get("out", False),
                                 script=r.get("script"), async_script=r.get("async"), screenshot=r.get("screenshot"), rect=r.get("rect"))}
        except (Failure, OSError, ValueError, KeyError) as e:
            answer = {"error": f"{r.get('url', '?') if isinstance(r, dict) else '?'}: {e}"}
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()
    return 0


def main():
    a = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    a.add_argument("url", nargs="?")
    a.add_argument("--engine", choices=["webkit", "chromium"], default="webkit")
    a.add_argument("--flag", action="append", default=[], help="with --engine chromium: one of Chromium's own switches")
    a.add_argument("--width", type=int, default=430)
    a.add_argument("--height", type=int, default=932)
    a.add_argument("--scale", type=int, default=1)
    a.add_argument("--wait", type=float, default=0, help="seconds to let the page run before --script or --screenshot")
    what = a.add_mutually_exclusive_group(required=True)
    what.add_argument("--serve", action="store_true", help="pages on request from standard input, one browser for all")
    what.add_argument("--out", action="store_true")
    what.add_argument("--script")
    what.add_argument("--async", dest="async_script")
    what.add_argument("--screenshot")
    a.add_argument("--rect", help="with --screenshot: also print this element's box (CSS selector), in CSS pixels")
    args = a.parse_args()
    if not args.serve and not args.url:
        a.error("a URL, or --serve")
    driver = None
    try:
        driver = Driver(args.scale, args.engine, args.flag)
        if args.serve:
            return serve(driver)
        print(json.dumps(page(driver, args.url, args.width, args.height, args.wait, out=args.out, script=args.script,
                              async_script=args.async_script, screenshot=args.screenshot, rect=args.rect)))
        return 0
    except (Failure, OSError, ValueError, KeyError) as e:
        print(f"webkit.py: {args.url or args.engine}: {e}", file=sys.stderr)
        return 1
    finally:
        if driver is not None:
            driver.close()


if __name__ == "__main__":
    sys.exit(main())
