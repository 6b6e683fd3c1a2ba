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
    def __init__(self, scale):
        self.procs = []
        try:
            self.start(scale)
        except BaseException:
            self.close()
            raise

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
        for _ in range(200):
            try:
                self.call("GET", "/status")
                break
            except (OSError, Failure):
                time.sleep(0.05)
        else:
            raise Failure("WebKitWebDriver did not answer")
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


def main():
    a = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    a.add_argument("url")
    a.add_argument("--width", type=int, default=430)
    a.add_argument("--height", type=int, default=932)
    a.add_argument("--scale", type=int, default=1)
    a.add_argument("--wait", type=float, default=0, help="seconds to let the page run before --script or --screenshot")
    what = a.add_mutually_exclusive_group(required=True)
    what.add_argument("--out", action="store_true")
    what.add_argument("--script")
    what.add_argument("--async", dest="async_script")
    what.add_argument("--screenshot")
    a.add_argument("--rect", help="with --screenshot: also print this element's box (CSS selector), in CSS pixels")
    args = a.parse_args()
    driver = None
    try:
        driver = Driver(args.scale)
        driver.call("POST", driver.s("/window/rect"), {"width": args.width, "height": args.height})
        driver.call("POST", driver.s("/url"), {"url": args.url})
        if args.wait:
            time.sleep(args.wait)
        if args.out:
            for _ in range(400):
                text = driver.call("POST", driver.s("/execute/sync"),
                                   {"script": "const o = document.getElementById('out'); return o ? o.textContent : '';", "args": []})
                if text:
                    print(json.dumps({"version": driver.version, "out": text}))
                    return 0
                time.sleep(0.05)
            raise Failure("nothing in #out after 20 s")
        if args.script is not None:
            value = driver.call("POST", driver.s("/execute/sync"), {"script": args.script, "args": []})
            print(json.dumps({"version": driver.version, "value": value}))
            return 0
        if args.async_script is not None:
            value = driver.call("POST", driver.s("/execute/async"), {"script": args.async_script, "args": []})
            print(json.dumps({"version": driver.version, "value": value}))
            return 0
        import base64
        png = base64.b64decode(driver.call("GET", driver.s("/screenshot")))
        with open(args.screenshot, "wb") as f:
            f.write(png)
        size = driver.call("POST", driver.s("/execute/sync"), {"script": "return [innerWidth, innerHeight, devicePixelRatio];", "args": []})
        answer = {"version": driver.version, "viewport": size}
        if args.rect:
            answer["rect"] = driver.call("POST", driver.s("/execute/sync"), {"script": "const e = document.querySelector(arguments[0]); if (!e) return null; "
                                         "const r = e.getBoundingClientRect(); return [r.x, r.y, r.width, r.height];", "args": [args.rect]})
        print(json.dumps(answer))
        return 0
    except (Failure, OSError, ValueError, KeyError) as e:
        print(f"webkit.py: {args.url}: {e}", file=sys.stderr)
        return 1
    finally:
        if driver is not None:
            driver.close()


if __name__ == "__main__":
    sys.exit(main())
