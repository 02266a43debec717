"""tools/pipfetch.py: pip's configuration read as pip reads it, the pinned wheel found
locally, on a file: index, a find-links page or a JSON index, and only with its hash."""

import hashlib
import http.server
import json
import os
import sys
import threading
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import pipfetch  # noqa: E402
from pipfetch import FetchError, PipConfig, fetch_wheel  # noqa: E402

WHEEL = "pip-9.9-py3-none-any.whl"
DATA = b"pretend this is pip's wheel"
GOOD = hashlib.sha256(DATA).hexdigest()


def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_files_then_variables_with_the_install_section_winning(tmp_path):
    first = write(
        tmp_path / "global.conf",
        "[global]\nindex-url = https://a/simple\nfind-links = /w1 /w2\ncert = /etc/ca.pem\n",
    )
    second = write(
        tmp_path / "user.conf",
        "[global]\ntimeout = 60\n[install]\nindex-url = https://b/simple\ntrusted_host = b\n",
    )
    config = PipConfig.load(
        {"PIP_EXTRA_INDEX_URL": "https://c/simple https://d/simple"}, files=[first, second]
    )
    assert config.index_url == "https://b/simple"
    assert config.find_links == ["/w1", "/w2"]
    assert config.extra_index_urls == ["https://c/simple", "https://d/simple"]
    assert (config.cert, config.trusted_hosts, config.timeout) == ("/etc/ca.pem", ["b"], 60.0)
    assert (
        PipConfig.load(
            {
                "PIP_INDEX_URL": "https://e/simple",
                "PIP_NO_INDEX": "yes",
                "PIP_DEFAULT_TIMEOUT": "180",
            },
            files=[first],
        ).index_url
        == "https://e/simple"
    )


def test_which_configuration_files_pip_reads(tmp_path, monkeypatch):
    if sys.platform in ("win32", "darwin"):
        pytest.skip("the XDG layout is the Linux one")
    monkeypatch.setattr(os.path, "expanduser", lambda path: str(tmp_path / "home"))
    env = {"XDG_CONFIG_DIRS": "/etc/xdg", "XDG_CONFIG_HOME": str(tmp_path / "cfg")}
    files = [str(f) for f in pipfetch.config_files(env, isolated=False)]
    assert files == [
        "/etc/xdg/pip/pip.conf",
        "/etc/pip.conf",
        str(tmp_path / "home" / ".pip" / "pip.conf"),
        str(tmp_path / "cfg" / "pip" / "pip.conf"),
    ]
    assert pipfetch.config_files(env, isolated=True) == [
        Path("/etc/xdg/pip/pip.conf"),
        Path("/etc/pip.conf"),
    ]
    own = write(tmp_path / "own.conf", "")
    assert pipfetch.config_files(dict(env, PIP_CONFIG_FILE=str(own)), False)[-1] == own
    assert str(tmp_path / "cfg") not in " ".join(
        map(str, pipfetch.config_files(dict(env, PIP_CONFIG_FILE=str(own)), False))
    )
    assert pipfetch.config_files(dict(env, PIP_CONFIG_FILE=os.devnull), False) == []


def test_isolated_mode_ignores_the_variables(tmp_path):
    config = PipConfig.load({"PIP_ISOLATED": "1", "PIP_INDEX_URL": "https://x/simple"}, files=[])
    assert config.index_url == pipfetch.DEFAULT_INDEX


def test_a_local_find_links_folder_comes_first(tmp_path):
    (tmp_path / "wheels").mkdir()
    (tmp_path / "wheels" / WHEEL).write_bytes(DATA)
    config = PipConfig(find_links=[str(tmp_path / "wheels")], no_index=True)
    path, origin = fetch_wheel("pip", "9.9", {GOOD}, tmp_path, config)
    assert path.read_bytes() == DATA and origin == str(tmp_path / "wheels" / WHEEL)


def test_a_file_index_with_relative_links(tmp_path):
    write(
        tmp_path / "mirror" / "simple" / "pip" / "index.html",
        f'<html><body><a href="../../files/{WHEEL}#sha256={GOOD}">{WHEEL}</a></body></html>',
    )
    (tmp_path / "mirror" / "files").mkdir()
    (tmp_path / "mirror" / "files" / WHEEL).write_bytes(DATA)
    config = PipConfig(index_url=(tmp_path / "mirror" / "simple").as_uri())
    (tmp_path / "out").mkdir()
    path, _ = fetch_wheel("pip", "9.9", {GOOD}, tmp_path / "out", config)
    assert path.read_bytes() == DATA


def test_a_file_with_another_hash_is_refused(tmp_path):
    (tmp_path / "wheels").mkdir()
    (tmp_path / "wheels" / WHEEL).write_bytes(DATA + b"tampered")
    config = PipConfig(find_links=[str(tmp_path / "wheels")], no_index=True)
    with pytest.raises(FetchError, match="not a pinned hash"):
        fetch_wheel("pip", "9.9", {GOOD}, tmp_path, config)


class _Mirror(http.server.BaseHTTPRequestHandler):
    """A PEP 691 JSON index that wants a password, like a company mirror."""

    def do_GET(self):
        if self.headers.get("Authorization") != "Basic dTpw":  # u:p
            self.send_response(401)
            self.end_headers()
            return
        if self.path == "/simple/pip/":
            body = json.dumps(
                {
                    "meta": {"api-version": "1.0"},
                    "name": "pip",
                    "files": [{"filename": WHEEL, "url": f"../../files/{WHEEL}", "hashes": {}}],
                }
            ).encode()
            kind = "application/vnd.pypi.simple.v1+json"
        elif self.path == f"/files/{WHEEL}":
            body, kind = DATA, "application/octet-stream"
        else:
            self.send_response(404)
            self.end_headers()
            return
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def test_a_json_mirror_with_a_password_and_no_other_index(tmp_path, monkeypatch):
    for name in (
        "http_proxy",
        "HTTP_PROXY",
        "https_proxy",
        "HTTPS_PROXY",
        "all_proxy",
        "ALL_PROXY",
    ):
        monkeypatch.delenv(name, raising=False)
    server = http.server.HTTPServer(("127.0.0.1", 0), _Mirror)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        config = PipConfig(
            index_url=f"http://u:p@127.0.0.1:{server.server_port}/simple", timeout=10
        )
        path, origin = fetch_wheel("pip", "9.9", {GOOD}, tmp_path, config)
    finally:
        server.shutdown()
    assert path.read_bytes() == DATA
    assert origin.endswith(f"/files/{WHEEL}")
