"""Debian's nginx and Apache serving an unpacked release, set up only as HOSTING.md tells a webmaster.

nginx includes the shipped nginx.conf.example (its listen and root lines changed, nothing else);
Apache reads the shipped .htaccess files (AllowOverride FileInfo, as HOSTING.md asks). Both bind
127.0.0.1 on a free port, and run as www-data when the tests run as root, as Debian's own do.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import hosting  # noqa: E402

NGINX = Path("/usr/sbin/nginx")
APACHE = Path("/usr/sbin/apache2")
APACHE_MODULES = Path("/usr/lib/apache2/modules")
# What a typical Debian Apache has for a static site, and the least that serves one.
FULL_APACHE = ("mpm_event", "authz_core", "dir", "mime", "headers", "filter", "deflate")
BARE_APACHE = ("mpm_event", "authz_core", "dir", "mime")
AS_ROOT = os.geteuid() == 0


def require_servers() -> None:
    """Fail (never skip) when Debian's servers are missing: `make test` installs them."""
    missing = [str(p) for p in (NGINX, APACHE, *(APACHE_MODULES / f"mod_{m}.so" for m in FULL_APACHE))
               if not p.exists()]
    if missing:
        pytest.fail(f"needs Debian's nginx and apache2 ({', '.join(missing)} missing): "
                    "run `make test`, which installs them")


def readable_dir(prefix: str) -> Path:
    """A fresh folder that a server's workers (www-data) can read: mkdtemp makes it 0700."""
    path = Path(tempfile.mkdtemp(prefix=prefix))
    path.chmod(0o755)
    return path


def unpack(zip_path: Path, root: Path) -> Path:
    """Unzip a release into root (over what is there, as a webmaster updates); returns its folder."""
    with zipfile.ZipFile(zip_path) as zf:
        zf.extractall(root)
        top = zf.namelist()[0].split("/")[0]
    for path in [root, *root.rglob("*")]:
        path.chmod(0o755 if path.is_dir() else 0o644)
    return root / top


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    """A web server process started by a test; stop() ends it and removes its working folder."""

    name: str
    process: subprocess.Popen[bytes]
    port: int
    work: Path

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def log(self) -> str:
        logs = (self.work / name for name in ("output.log", "error.log"))
        return "".join(path.read_text(errors="replace") for path in logs if path.exists())

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.work, ignore_errors=True)

    def wait_listening(self, timeout: float = 15) -> Server:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                break
            try:
                socket.create_connection(("127.0.0.1", self.port), 0.5).close()
                return self
            except OSError:
                time.sleep(0.05)
        log = self.log()
        self.stop()
        pytest.fail(f"{self.name} did not start on port {self.port}:\n{log}")


def nginx_site(example: str, port: int, root: Path) -> str:
    """The shipped example with only its listen and root lines changed."""
    assert 1 == example.count(hosting.NGINX_LISTEN) == example.count(hosting.NGINX_ROOT)
    return (example.replace(hosting.NGINX_LISTEN, f"listen 127.0.0.1:{port};")
                   .replace(hosting.NGINX_ROOT, f"root {root};"))


def start_nginx(root: Path, example: str) -> Server:
    """nginx serving root with the shipped server block."""
    work, port = readable_dir("nginx-"), free_port()
    (work / "site.conf").write_text(nginx_site(example, port, root))
    kinds = ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")  # nginx's default paths need root
    temp = "\n".join(f"    {kind}_temp_path {work / kind};" for kind in kinds)
    (work / "nginx.conf").write_text(f"""{"user www-data;" if AS_ROOT else ""}
worker_processes 1;
events {{ worker_connections 256; }}
http {{
    access_log off;
{temp}
    include {work / "site.conf"};
}}
""")
    return launch("nginx", [str(NGINX), "-p", str(work), "-c", str(work / "nginx.conf"), "-g",
                            f"daemon off; pid {work / 'nginx.pid'}; error_log {work / 'error.log'};"], port, work)


def start_apache(root: Path, modules: tuple[str, ...] = FULL_APACHE) -> Server:
    """Apache serving root as DocumentRoot; the shipped .htaccess files do the rest."""
    work, port = readable_dir("apache-"), free_port()
    load = "\n".join(f"LoadModule {m}_module {APACHE_MODULES / f'mod_{m}.so'}" for m in modules)
    (work / "httpd.conf").write_text(f"""ServerRoot {work}
DefaultRuntimeDir {work}
PidFile {work / "apache.pid"}
ErrorLog {work / "error.log"}
LogLevel warn
Listen 127.0.0.1:{port}
ServerName 127.0.0.1
{"User www-data" if AS_ROOT else ""}
{"Group www-data" if AS_ROOT else ""}
{load}
{"TypesConfig /etc/mime.types" if "mime" in modules else ""}
DocumentRoot {root}
<Directory {root}>
    AllowOverride FileInfo
    Require all granted
</Directory>
<FilesMatch "^\\.ht">
    Require all denied
</FilesMatch>
""")
    return launch("apache2", [str(APACHE), "-f", str(work / "httpd.conf"), "-DFOREGROUND"], port, work)


def launch(name: str, command: list[str], port: int, work: Path) -> Server:
    """Start a server in the foreground (its output to work/output.log) and wait for its port."""
    with (work / "output.log").open("wb") as out:
        process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT)
    return Server(name, process, port, work).wait_listening()
