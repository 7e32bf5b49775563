#!/usr/bin/env python3
"""The web page of `judge serve` in a real browser: Debian's headless Chromium, driven
by Selenium through chromium-driver. A person's path: the problems are listed, a
pasted source and an uploaded file are submitted (the language picked by the file's
extension), the live list shows their verdicts, a submission's page shows its tests
as they finish, the compile log of a CE and the checker's messages of a WA; with a
token file the page asks for a token first.

Usage: browser_test.py <judge executable> [screenshot-dir]
Needs chromium, chromium-driver and python3-selenium (tools/setup installs them): a
missing one fails the test with that message, never skips it.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

JUDGE = sys.argv[1]
SHOTS = sys.argv[2] if len(sys.argv) > 2 else None

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait
except ImportError as e:
    sys.exit(f"service_browser: needs python3-selenium (tools/setup installs it): {e}")

OK = '#include <cstdio>\nint main(){long a,b; if(scanf("%ld %ld",&a,&b)!=2) return 1; printf("%ld\\n",a+b);}\n'
WRONG = '#include <cstdio>\nint main(){long a,b; scanf("%ld %ld",&a,&b); printf("%ld\\n",a-b);}\n'
BROKEN = 'int main() { this is not C++; }\n'
SLOW = ('#include <cstdio>\n#include <ctime>\nint main(){long a,b; if(scanf("%ld %ld",&a,&b)!=2) return 1;\n'
        'clock_t end = clock() + 300 * (CLOCKS_PER_SEC / 1000);\n'
        'volatile unsigned long x = 0; while (clock() < end) x = x + 1;\nprintf("%ld\\n",a+b);}\n')


def make_package(path, tests):
    os.makedirs(f"{path}/data/secret", exist_ok=True)
    with open(f"{path}/problem.yaml", "w") as f:
        f.write("name: Sum of two\nlimits:\n  time_ms: 3000\n  memory_kib: 65536\nchecker:\n  type: tokens\n")
    for i in range(1, tests + 1):
        with open(f"{path}/data/secret/{i:02d}.in", "w") as f:
            f.write(f"{i} {10 * i}\n")
        with open(f"{path}/data/secret/{i:02d}.ans", "w") as f:
            f.write(f"{11 * i}\n")


def start_server(tmp, extra):
    proc = subprocess.Popen([JUDGE, "serve", "--listen", "127.0.0.1:0", "--problems", f"{tmp}/problems",
                             "--db", f"{tmp}/judge-{len(extra)}.sqlite", "--workers", "1", "--rate", "0"] + extra,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    line = proc.stdout.readline()
    m = re.match(r"judge serve: listening on (http://\S+)", line)
    if not m:
        proc.kill()
        sys.exit(f"service_browser: the server did not start: {line}{proc.stdout.read()}")
    return proc, m.group(1).rstrip("/")


def browser(profile_dir):
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for flag in ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", f"--user-data-dir={profile_dir}", "--window-size=1280,1600"]:
        options.add_argument(flag)
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    try:
        return webdriver.Chrome(service=Service(driver_path), options=options)
    except Exception as e:  # noqa: BLE001 - any failure to start is the message
        sys.exit(f"service_browser: needs chromium and chromium-driver (tools/setup installs them): {e}")


def wait(driver, what, predicate, timeout=180):
    # The live list is redrawn every 1.5 s: an element read during a redraw is stale;
    # the next poll reads the new one.
    try:
        return WebDriverWait(driver, timeout, poll_frequency=0.2,
                             ignored_exceptions=[StaleElementReferenceException]).until(lambda d: predicate(d))
    except Exception:
        shot(driver, "failure")
        raise AssertionError(f"timed out waiting for {what}; page text:\n{driver.find_element(By.TAG_NAME, 'body').text}")


def shot(driver, name):
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        driver.save_screenshot(f"{SHOTS}/{name}.png")


def row_verdict(driver, sub_id):
    rows = driver.find_elements(By.CSS_SELECTOR, f'#submissions tbody tr[data-id="{sub_id}"] .verdict')
    return rows[0].text if rows else None


def wait_queued(driver, before):
    def queued(d):
        m = re.search(r"submission (\d+) queued", d.find_element(By.ID, "submit-status").text)
        return m.group(1) if m and m.group(1) != before else None
    return wait(driver, "the submission to be queued", queued)


def last_queued(driver):
    m = re.search(r"submission (\d+) queued", driver.find_element(By.ID, "submit-status").text)
    return m.group(1) if m else None


def submit_pasted(driver, filename, source):
    before = last_queued(driver)
    driver.find_element(By.ID, "filename").clear()
    driver.find_element(By.ID, "filename").send_keys(filename)
    text = driver.find_element(By.ID, "source-text")
    text.clear()
    # Typing a program key by key is slow and subject to auto-indentation: set it.
    driver.execute_script("arguments[0].value = arguments[1];", text, source)
    driver.find_element(By.ID, "submit-button").click()
    return wait_queued(driver, before)


def test_contestant_path(driver, base, tmp):
    driver.get(base + "/")
    wait(driver, "the problems", lambda d: "sum" in d.find_element(By.ID, "problems").text)
    assert "Sum of two" in driver.find_element(By.ID, "problems").text
    Select(driver.find_element(By.ID, "problem-select")).select_by_value("sum")

    ok_id = submit_pasted(driver, "sol.cpp", OK)
    status = driver.find_element(By.ID, "submit-status").text
    assert status.endswith("queued as cpp20"), status
    wait(driver, "AC in the live list", lambda d: row_verdict(d, ok_id) == "AC")

    # An uploaded file: its name fills the file name and picks the language.
    upload = f"{tmp}/wrong.cpp"
    with open(upload, "w") as f:
        f.write(WRONG)
    driver.find_element(By.ID, "source-text").clear()
    driver.find_element(By.ID, "source-file").send_keys(upload)
    assert driver.find_element(By.ID, "filename").get_attribute("value") == "wrong.cpp"
    driver.find_element(By.ID, "submit-button").click()
    wa_id = wait_queued(driver, ok_id)
    wait(driver, "WA in the live list", lambda d: row_verdict(d, wa_id) == "WA")

    ce_id = submit_pasted(driver, "broken.cpp", BROKEN)
    wait(driver, "CE in the live list", lambda d: row_verdict(d, ce_id) == "CE")
    shot(driver, "home")

    # The WA's page: its tests with the checker's message.
    driver.find_element(By.CSS_SELECTOR, f'#submissions tbody tr[data-id="{wa_id}"] a').click()
    wait(driver, "the WA page", lambda d: d.find_element(By.ID, "verdict").text == "WA")
    rows = driver.find_elements(By.CSS_SELECTOR, "#tests tbody tr")
    assert len(rows) >= 1, "no test rows"
    first = rows[0].find_elements(By.TAG_NAME, "td")
    assert first[2].text == "WA", first[2].text
    assert first[8].text.strip(), "the checker's message is missing"
    wait(driver, "the source", lambda d: "a-b" in d.find_element(By.ID, "source").text)
    shot(driver, "wa")

    # The CE's page: the compile log.
    driver.get(f"{base}/#/submission/{ce_id}")
    wait(driver, "the CE page", lambda d: d.find_element(By.ID, "verdict").text == "CE")
    assert "error" in driver.find_element(By.ID, "compile-log").text
    assert not driver.find_elements(By.CSS_SELECTOR, "#tests tbody tr")

    # A slow one followed live: tests appear before the verdict does.
    driver.get(base + "/")
    wait(driver, "the form", lambda d: d.find_element(By.ID, "problem-select").get_attribute("value") == "sum")
    slow_id = submit_pasted(driver, "slow.cpp", SLOW)
    driver.get(f"{base}/#/submission/{slow_id}")
    partial = wait(driver, "a test row while judging",
                   lambda d: (len(d.find_elements(By.CSS_SELECTOR, "#tests tbody tr")) >= 1
                              and d.find_element(By.ID, "verdict").text in ("running", "queued")) or
                   d.find_element(By.ID, "verdict").text == "AC")
    assert partial is True, "the page never showed a test before the verdict"
    wait(driver, "the live page's verdict", lambda d: d.find_element(By.ID, "verdict").text == "AC")
    wait(driver, "all five tests", lambda d: len(d.find_elements(By.CSS_SELECTOR, "#tests tbody tr")) == 5)
    shot(driver, "live")


def test_language_from_server_suffixes(driver, base):
    # The page shows the language the server chose: the longest of the suffixes
    # GET /api/v1/languages lists, not the text after the last dot.
    driver.get(base + "/")
    wait(driver, "the problems", lambda d: "sum" in d.find_element(By.ID, "problems").text)
    Select(driver.find_element(By.ID, "problem-select")).select_by_value("sum")
    languages = driver.execute_async_script(
        "const done = arguments[0]; fetch('/api/v1/languages').then(r => r.json()).then(done);")
    poj = next((l for l in languages if l["id"] == "cpp98-poj"), None)
    assert poj, f"cpp98-poj is not offered: {[l['id'] for l in languages]}"
    sub_id = submit_pasted(driver, "sol.poj.cpp", OK)
    status = driver.find_element(By.ID, "submit-status").text
    assert status.endswith("queued as cpp98-poj"), f"the page shows the server's choice: {status}"
    wait(driver, "the server's language in the list",
         lambda d: any(c.text == "cpp98-poj" for c in
                       d.find_elements(By.CSS_SELECTOR, f'#submissions tbody tr[data-id="{sub_id}"] td')))
    return sub_id


# Counts the live list's requests and holds each in flight for 800 ms, so that a
# change of page lands while one is in flight.
COUNT_LIST_REQUESTS = """
if (!window.listRequests) {
  window.listRequests = { started: 0, done: 0 };
  const original = window.fetch;
  window.fetch = async (url, options) => {
    if (!String(url).includes('submissions?limit=')) return original(url, options);
    window.listRequests.started++;
    try {
      await new Promise((resolve) => setTimeout(resolve, 800));
      return await original(url, options);
    } finally {
      window.listRequests.done++;
    }
  };
}
"""


def test_list_stops_polling_when_the_page_changes(driver, base, sub_id):
    driver.get(base + "/")
    wait(driver, "the problems", lambda d: "sum" in d.find_element(By.ID, "problems").text)
    driver.execute_script(COUNT_LIST_REQUESTS)

    def in_flight(d):
        n = d.execute_script("return window.listRequests;")
        return n["started"] > n["done"]
    for visit in range(3):
        driver.execute_script("location.hash = '#/';")
        wait(driver, f"a list request in flight (visit {visit + 1})", in_flight, timeout=30)
        driver.execute_script(f"location.hash = '#/submission/{sub_id}';")
        wait(driver, "the submission page", lambda d: d.find_element(By.ID, "sub-id").text == str(sub_id))
    # Let the requests in flight end, then nothing may poll the list any more.
    wait(driver, "the last list request to end", lambda d: not in_flight(d), timeout=30)
    time.sleep(0.5)
    before = driver.execute_script("return window.listRequests.started;")
    time.sleep(4)
    after = driver.execute_script("return window.listRequests.started;")
    assert after == before, f"the list kept polling on a submission's page: {after - before} requests in 4 s"


def test_token_page(driver, base):
    driver.get(base + "/")
    wait(driver, "the token form", lambda d: d.find_element(By.ID, "token-form").is_displayed())
    assert "authentication required" in driver.find_element(By.ID, "error").text
    driver.find_element(By.ID, "token-input").send_keys("alice-token-0123456789")
    driver.find_element(By.CSS_SELECTOR, "#token-form button").click()
    wait(driver, "the signed-in page", lambda d: "alice (contestant)" in d.find_element(By.ID, "whoami").text)
    wait(driver, "the problems", lambda d: "sum" in d.find_element(By.ID, "problems").text)


def main():
    tmp = tempfile.mkdtemp(prefix="judge-browser-test-")
    os.chmod(tmp, 0o755)
    servers = []
    driver = None
    try:
        make_package(f"{tmp}/problems/sum", 5)
        open_server, base = start_server(tmp, [])
        servers.append(open_server)
        with open(f"{tmp}/tokens", "w") as f:
            f.write("alice-token-0123456789 alice contestant\n")
        token_server, token_base = start_server(tmp, ["--token-file", f"{tmp}/tokens"])
        servers.append(token_server)
        driver = browser(f"{tmp}/profile")
        test_contestant_path(driver, base, tmp)
        poj_id = test_language_from_server_suffixes(driver, base)
        test_list_stops_polling_when_the_page_changes(driver, base, poj_id)
        test_token_page(driver, token_base)
        print("service_browser: 4 passed, 0 failed")
    finally:
        if driver:
            driver.quit()
        for s in servers:
            s.terminate()
            try:
                s.wait(timeout=30)
            except subprocess.TimeoutExpired:
                s.kill()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
