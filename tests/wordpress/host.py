"""A club's WordPress on loopback, as a shared host runs it: a copy of Debian's wordpress package behind
Apache 2 with mod_php (prefork, as www-data when the tests run as root), a private MariaDB on a Unix
socket, and PHP's command line for what an administrator does in the dashboard (install, activate,
delete a plugin). Nothing reaches the internet: WordPress's updates, cron and outgoing requests are off.

Needs Debian's wordpress, apache2, libapache2-mod-php, php-cli, php-mysql and mariadb-server
(`make test` installs them).
"""

from __future__ import annotations

import re
import secrets
import shutil
import subprocess
import time
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.release.hosts import APACHE, APACHE_MODULES, AS_ROOT, Server, free_port, readable_dir

WORDPRESS = Path("/usr/share/wordpress")
PHP = Path("/usr/bin/php")
MARIADB_INSTALL = Path("/usr/bin/mariadb-install-db")
MARIADBD = Path("/usr/sbin/mariadbd")
MARIADB = Path("/usr/bin/mariadb")
# A shared host's Apache: prefork for mod_php, the static site's modules, .htaccess allowed.
MODULES = ("mpm_prefork", "authz_core", "dir", "mime", "headers", "filter", "deflate", "rewrite")
ADMIN = ("admin", "a-club-password-1")
PLUGIN = "elo-calculator/elo-calculator.php"


def require_wordpress() -> Path:
    """Fail (never skip) when a Debian package is missing; returns mod_php's module."""
    mod_php = sorted(APACHE_MODULES.glob("libphp*.so"))
    missing = [str(p) for p in (WORDPRESS / "wp-settings.php", PHP, MARIADB_INSTALL, MARIADBD, MARIADB, APACHE)
               if not p.exists()] + ([] if mod_php else ["libapache2-mod-php"])
    if missing:
        pytest.fail(f"needs Debian's wordpress, apache2, libapache2-mod-php, php-cli, php-mysql and mariadb-server "
                    f"({', '.join(missing)} missing): run `make test`, which installs them")
    return mod_php[-1]


@dataclass
class MariaDB:
    """mariadbd on a Unix socket only (--skip-networking), its data in a folder of its own."""

    work: Path
    process: subprocess.Popen[bytes] | None = None

    @property
    def socket(self) -> Path:
        return self.work / "mysqld.sock"

    def start(self) -> MariaDB:
        data = self.work / "data"
        subprocess.run([str(MARIADB_INSTALL), "--no-defaults", f"--datadir={data}", "--user=root", "--skip-test-db",
                        "--auth-root-authentication-method=socket"], check=True, capture_output=True)
        with (self.work / "mariadb.log").open("wb") as log:
            self.process = subprocess.Popen(
                [str(MARIADBD), "--no-defaults", f"--datadir={data}", f"--socket={self.socket}", "--skip-networking",
                 "--user=root", f"--pid-file={self.work / 'mariadb.pid'}", "--skip-log-bin",
                 "--innodb-buffer-pool-size=32M", "--innodb-flush-log-at-trx-commit=0"],
                stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while not self.socket.exists():  # mariadbd makes its socket once it takes connections
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                pytest.fail("MariaDB did not start:\n" + (self.work / "mariadb.log").read_text(errors="replace"))
            time.sleep(0.05)
        return self

    def sql(self, statements: str) -> str:
        return subprocess.run([str(MARIADB), f"--socket={self.socket}", "-uroot", "--batch", "--skip-column-names",
                               "-e", statements], check=True, capture_output=True, text=True).stdout

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(30)


@dataclass
class WordPress:
    """A running WordPress: its folder, address, database and web server."""

    root: Path
    work: Path
    port: int
    db: MariaDB
    apache: Server | None = None
    pages: dict[str, str] = field(default_factory=dict)
    # Bumped when the plugin's files are replaced: its PHP runs then compile into a fresh OPcache folder.
    code_generation: int = 0

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def plugin_dir(self) -> Path:
        return self.root / "wp-content" / "plugins" / "elo-calculator"

    def php(self, code: str, installing: bool = False, as_web: bool = False) -> str:
        """Run PHP inside WordPress (as an administrator's action would), returning what it prints.
        A PHP error, or a warning printed, fails the test. `as_web`: as the web server's user (www-data
        when the tests run as root), as a request to the site would, so that the files it writes (a
        ladder's, in the uploads folder) are the web server's own."""
        return self.php_ended(self.php_started(code, installing, as_web), code)

    def php_started(self, code: str, installing: bool = False, as_web: bool = False,
                    config: str = "") -> subprocess.Popen[str]:
        """`php`'s run begun, not waited for (two requests at once); `php_ended` waits for it. `config`: PHP run
        before WordPress loads, as a site's wp-config.php would (its own defines)."""
        prelude = ("<?php\n$_SERVER['HTTP_HOST'] = '127.0.0.1:" + str(self.port) + "';\n" + config
                   + ("define('WP_INSTALLING', true);\n" if installing else "")
                   + f"require '{self.root}/wp-load.php';\n"
                   + ("require_once ABSPATH . 'wp-admin/includes/upgrade.php';\n" if installing else
                      "require_once ABSPATH . 'wp-admin/includes/admin.php';\nwp_set_current_user(1);\n"))
        run = subprocess.Popen([str(PHP), "-d", "display_errors=stderr", "-d", "error_reporting=E_ALL",
                                *self.opcache(as_web and AS_ROOT)],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               cwd=self.root, user="www-data" if as_web and AS_ROOT else None)
        assert run.stdin is not None
        run.stdin.write(prelude + code)  # PHP reads the whole script before it runs it
        run.stdin.close()
        run.stdin = None  # for communicate()
        return run

    def opcache(self, as_www_data: bool) -> list[str]:
        """PHP's settings for a run to keep what it compiled in a folder, as mod_php keeps it in memory: WordPress's
        start then takes 0.10 s instead of 0.23 s (some 300 runs a session). OPcache knows a file changed by its
        time, in seconds, alone: a plugin replaced within the second it was compiled would run the old code, so
        each replacement (install_plugin, update_plugin) starts a folder of its own; www-data's is its own."""
        folder = self.work / "opcache" / f"{self.code_generation}-{'www-data' if as_www_data else 'tests'}"
        if not folder.exists():
            folder.mkdir(parents=True)
            folder.parent.chmod(0o755)  # www-data's reaches its own whatever the umask (PHP stops without it)
            if as_www_data:
                shutil.chown(folder, "www-data", "www-data")
        return ["-d", "opcache.enable_cli=1", "-d", f"opcache.file_cache={folder}", "-d", "opcache.file_cache_only=1",
                "-d", "opcache.validate_timestamps=1"]

    @staticmethod
    def php_ended(run: subprocess.Popen[str], code: str) -> str:
        out, err = run.communicate()
        if run.returncode or err.strip():
            pytest.fail(f"PHP failed ({run.returncode}):\n{code}\n{err}{out}")
        return out

    def install_plugin(self, zip_path: Path) -> None:
        """Unzip the plugin into wp-content/plugins (as WordPress's Upload Plugin does) and activate it."""
        self.code_generation += 1
        with zipfile.ZipFile(zip_path) as zf:
            zf.extractall(self.root / "wp-content" / "plugins")
        for path in [self.plugin_dir, *self.plugin_dir.rglob("*")]:
            path.chmod(0o755 if path.is_dir() else 0o644)
        assert "activated" == self.php(f"$r = activate_plugin('{PLUGIN}'); echo is_wp_error($r) ? "
                                       "$r->get_error_message() : 'activated';")

    def update_plugin(self, zip_path: Path) -> None:
        """Upload a new version's zip over the installed one, as Plugins, Add New, Upload Plugin,
        "Replace current with uploaded" does (WordPress deletes the zip it unpacks: a copy is given)."""
        package = self.work / "upload.zip"
        shutil.copy(zip_path, package)
        assert "updated" == self.php(
            "require_once ABSPATH . 'wp-admin/includes/class-wp-upgrader.php';"
            "$u = new Plugin_Upgrader(new Automatic_Upgrader_Skin());"
            f"$r = $u->install({php_quote(str(package))}, array('overwrite_package' => true));"
            "echo true === $r ? 'updated' : (is_wp_error($r) ? $r->get_error_message() : var_export($r, true));")
        self.code_generation += 1  # after: that run compiled the old files, then replaced them within its second
        for path in [self.plugin_dir, *self.plugin_dir.rglob("*")]:
            path.chmod(0o755 if path.is_dir() else 0o644)

    def add_page(self, name: str, content: str) -> str:
        """Publish a page; returns its address."""
        code = (f"echo get_permalink(wp_insert_post(array('post_type' => 'page', 'post_status' => 'publish', "
                f"'post_title' => {php_quote(name)}, 'post_content' => {php_quote(content)}), true));")
        url = self.php(code).strip()
        assert url.startswith(self.origin + "/"), url
        self.pages[name] = url
        return url

    def debug_log(self) -> str:
        log = self.work / "debug.log"
        return log.read_text(errors="replace") if log.exists() else ""

    def stop(self) -> None:
        if self.apache:
            self.apache.stop()
        self.db.stop()
        shutil.rmtree(self.work, ignore_errors=True)


def php_quote(text: str) -> str:
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def old_mime_types(work: Path) -> Path:
    """Debian's mime.types without the WebAssembly line: what many shared hosts still have, so that
    only the plugin's .htaccess gives .wasm its type (and the self-test has something to find
    without it)."""
    text = Path("/etc/mime.types").read_text()
    (work / "mime.types").write_text(re.sub(r"^application/wasm\s.*\n", "", text, flags=re.MULTILINE))
    return work / "mime.types"


def wp_config(wp: WordPress) -> str:
    keys = "".join(f"define('{k}', '{secrets.token_hex(24)}');\n" for k in (
        "AUTH_KEY", "SECURE_AUTH_KEY", "LOGGED_IN_KEY", "NONCE_KEY", "AUTH_SALT", "SECURE_AUTH_SALT",
        "LOGGED_IN_SALT", "NONCE_SALT"))
    return f"""<?php
define('DB_NAME', 'wordpress');
define('DB_USER', 'wordpress');
define('DB_PASSWORD', 'a-db-password-1');
define('DB_HOST', 'localhost:{wp.db.socket}');
define('DB_CHARSET', 'utf8mb4');
define('DB_COLLATE', '');
{keys}$table_prefix = 'wp_';
define('WP_HOME', '{wp.origin}');
define('WP_SITEURL', '{wp.origin}');
// No internet: no update checks, no cron, no request but to this site itself.
define('WP_HTTP_BLOCK_EXTERNAL', true);
define('AUTOMATIC_UPDATER_DISABLED', true);
define('WP_AUTO_UPDATE_CORE', false);
define('DISABLE_WP_CRON', true);
define('FS_METHOD', 'direct');
define('WP_DEBUG', true);
define('WP_DEBUG_LOG', '{wp.work / "debug.log"}');
define('WP_DEBUG_DISPLAY', false);
if (!defined('ABSPATH')) define('ABSPATH', __DIR__ . '/');
require_once ABSPATH . 'wp-settings.php';
"""


def start_apache(wp: WordPress, mod_php: Path) -> Server:
    work = wp.work / "apache"
    work.mkdir()
    load = "\n".join(f"LoadModule {m}_module {APACHE_MODULES / f'mod_{m}.so'}" for m in MODULES)
    (work / "httpd.conf").write_text(f"""ServerRoot {work}
DefaultRuntimeDir {work}
PidFile {work / "apache.pid"}
ErrorLog {work / "error.log"}
LogLevel warn
Listen 127.0.0.1:{wp.port}
ServerName 127.0.0.1
{"User www-data" if AS_ROOT else ""}
{"Group www-data" if AS_ROOT else ""}
{load}
LoadModule php_module {mod_php}
TypesConfig {old_mime_types(work)}
DirectoryIndex index.php index.html
DocumentRoot {wp.root}
<Directory {wp.root}>
    AllowOverride All
    Require all granted
</Directory>
<FilesMatch "\\.php$">
    SetHandler application/x-httpd-php
</FilesMatch>
<FilesMatch "^\\.ht">
    Require all denied
</FilesMatch>
""")
    # A session of its own: prefork's parent ends by signalling its whole process group, pytest included.
    with (work / "output.log").open("wb") as out:
        process = subprocess.Popen([str(APACHE), "-f", str(work / "httpd.conf"), "-DFOREGROUND"],
                                   stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
                                   start_new_session=True)
    return Server("apache2", process, wp.port, work).wait_listening()


def start_wordpress() -> WordPress:
    """A fresh WordPress, installed, with its administrator ADMIN, on a free port."""
    mod_php = require_wordpress()
    work = readable_dir("wordpress-")
    wp = WordPress(root=work / "site", work=work, port=free_port(), db=MariaDB(work / "db"))
    try:
        wp.db.work.mkdir()
        wp.db.work.chmod(0o755)  # www-data's PHP reaches the socket
        wp.db.start().sql("CREATE DATABASE wordpress; CREATE USER 'wordpress'@'localhost' IDENTIFIED BY "
                          "'a-db-password-1'; GRANT ALL ON wordpress.* TO 'wordpress'@'localhost';")
        shutil.copytree(WORDPRESS, wp.root, symlinks=True)
        (wp.root / ".htaccess").unlink(missing_ok=True)  # Debian's points into /etc/wordpress
        (wp.root / "wp-config.php").write_text(wp_config(wp))
        # No mail server here: the welcome mail to the administrator is not sent.
        wp.php("add_filter('pre_wp_mail', '__return_true');\n"
               f"wp_install('Chess club', '{ADMIN[0]}', 'admin@example.org', false, '', '{ADMIN[1]}');",
               installing=True)
        for path in [wp.root / "wp-content", *(wp.root / "wp-content").rglob("*")]:
            if not path.is_symlink():
                path.chmod(0o755 if path.is_dir() else 0o644)
        # The uploads folder is the web server's, as on a host: WordPress writes the Media Library there.
        (wp.root / "wp-content" / "uploads").mkdir(exist_ok=True)
        if AS_ROOT:
            shutil.chown(wp.root / "wp-content" / "uploads", "www-data", "www-data")
        wp.apache = start_apache(wp, mod_php)
        return wp
    except BaseException:
        wp.stop()
        raise
