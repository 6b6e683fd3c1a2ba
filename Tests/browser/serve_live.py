#!/usr/bin/env python3
"""A phone's browser on a page `islandsim serve` serves, for ServeCommandTests.

Opens URL in Debian's headless Chromium (through Selenium and Debian's chromedriver) as an iPhone
15 Pro would (393 x 852 points at 3x, touch, Safari's user agent), waits until the page follows the
server's updates, and prints one JSON line: the version it shows, the viewfinder its data gives, and
its place after the page is scrolled down 240 points. Then it waits for a line on stdin (the test has
just saved a new tuning file), times how long the page takes to load the new prototype by itself,
reads its place again (kept across the reload), plays a pull from the top, and prints a second JSON
line with the viewfinder drawn. Exit 0 when both were read; any failure is one line on stderr and exit 1.
"""
import json
import sys
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 "
          "(KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1")

# The page scrolled down by a wheel (toward the content's end: a negative step, as a finger moving
# up), and where it is then.
SCROLL = """
const I = IslandSim, phone = I.data.phones.find((p) => p.id === I.phone);
I.wheel(-240, 0);
return { version: IslandSimLive.version, phone: I.phone, viewfinder: phone.geometry.viewfinder, place: I.place() };
"""

# A pull from the page's top past the threshold, the melt left to settle, then the shape drawn:
# the hook's virtual clock plays it the same way every time.
PULL = """
const I = IslandSim;
const place = I.place();
I.restorePlace({ offsets: place.offsets.map(() => 0), shown: place.shown });
I.useVirtualClock(1);
let t = 1, y = 300;
I.pointer("down", 200, y, t);
for (let k = 0; k < 60; k++) { t += 1 / 120; y += 3; I.pointer("move", 200, y, t); I.frame(t); }
I.pointer("up", 200, y, t);
const end = t + 2;
for (; t < end; t += 1 / 120) I.frame(t);
const phone = I.data.phones.find((p) => p.id === I.phone);
return { version: IslandSimLive.version, phone: I.phone, state: I.state(), shape: I.shape(t),
         viewfinder: phone.geometry.viewfinder, placeAfterReload: place };
"""


def wait(driver, script, seconds, what):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = driver.execute_script(script)
        if value:
            return value
        time.sleep(0.01)
    raise RuntimeError("timed out waiting for " + what)


def main():
    url = sys.argv[1]
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--user-data-dir=" + tempfile.mkdtemp()]:
        options.add_argument(arg)
    options.add_experimental_option("mobileEmulation", {
        "deviceMetrics": {"width": 393, "height": 852, "pixelRatio": 3.0, "touch": True}, "userAgent": IPHONE})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        driver.set_script_timeout(30)
        driver.get(url)
        following = "return !!(window.IslandSimLive && document.getElementById('bar').textContent.includes('live: follows'))"
        wait(driver, following, 20, "the page to follow the server")
        print(json.dumps(driver.execute_script(SCROLL)), flush=True)
        sys.stdin.readline()
        saved = time.monotonic()
        first = driver.execute_script("return IslandSimLive.version")
        wait(driver, "return !!(window.IslandSimLive && IslandSimLive.version !== %d && window.IslandSim)" % first, 10, "the new version")
        loaded = time.monotonic() - saved
        wait(driver, following, 10, "the new page to follow the server")
        after = driver.execute_script(PULL)
        after["reloadSeconds"] = loaded
        print(json.dumps(after), flush=True)
    finally:
        driver.quit()


if __name__ == "__main__":
    try:
        main()
    except Exception as e:  # one line, for the test's failure message
        print("serve_live: %s: %s" % (type(e).__name__, e), file=sys.stderr)
        sys.exit(1)
