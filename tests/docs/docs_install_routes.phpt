--TEST--
The README's install commands: the pecl route, as written, builds a tarball of this tree that loads and reports package.xml's version; the other routes' blocks hold their steps
--DESCRIPTION--
README.md's "Install" section marks each route's commands with a word after the
fence's "sh": install-deps, install-pecl, install-pie, install-source,
enable-debian, enable-other. The install-pecl block is run as written, in a
scratch directory and without the network: "pecl package" of this tree's
package.xml (the files it lists, as they are in the work tree), then "pecl
install ./redislock-VERSION.tgz", which builds the extension with phpize,
./configure and make (the one compilation of this test, at -O0) for
the PHP that php-config on PATH names. pecl runs with a configuration of its own
(pecl -c, HOME and PHP_PEAR_SYSCONF_DIR pointed into the scratch directory: its
directories, registry and build directory are there), and the built redislock.so
goes there too: pecl copies a built extension to the path its "make install"
names, php-config's extension directory (neither ext_dir nor --installroot
changes that; --installroot writes into the system's extension directory), so a
php-config ahead on PATH answers --prefix and --extension-dir with the scratch
directory and passes every other question to the real one. The system's PHP and PEAR are never
touched. The
redislock.so it installed is then loaded with php -n -d extension=... and
phpversion('redislock') must equal package.xml's release, the tarball's name,
PHP_REDISLOCK_VERSION, CHANGELOG.md's newest release and the major.minor of
composer.json's branch alias. The routes that need the network (PIE) or root
(apt-get, phpenmod) are checked for their steps, not run.
--SKIPIF--
<?php
exec('command -v pecl', $out, $status);
if ($status !== 0) {
    die('skip pecl is not installed (Debian: php-pear); tests/run installs it for the default PHP');
}
?>
--FILE--
<?php
require __DIR__ . '/../harness/old_release_test.inc';
$root = dirname(__DIR__, 2);

/** @return array<string, string> the README's marked blocks, by their mark */
function marked_blocks(string $file): array
{
    $blocks = [];
    $open = null;
    foreach (explode("\n", (string) file_get_contents($file)) as $line) {
        if ($open === null && preg_match('/^```sh (\S+)\s*$/', $line, $m)) {
            $open = $m[1];
            $blocks[$open] = '';
        } elseif ($open !== null && rtrim($line) === '```') {
            $open = null;
        } elseif ($open !== null) {
            $blocks[$open] .= $line . "\n";
        }
    }
    return $blocks;
}

/** @return list<string> the commands of a block: comments and blank lines dropped */
function commands(string $block): array
{
    $out = [];
    foreach (explode("\n", $block) as $line) {
        $line = trim(preg_replace('/\s+#.*$|^#.*$/', '', $line));
        if ($line !== '') {
            $out[] = $line;
        }
    }
    return $out;
}

function fail(string $why): never
{
    echo "FAIL: $why\n";
    exit(1);
}

/** Runs $argv in $cwd with $env; returns [status, stdout and stderr]. */
function run(array $argv, string $cwd, array $env): array
{
    $proc = proc_open($argv, [0 => ['file', '/dev/null', 'r'], 1 => ['pipe', 'w'], 2 => ['redirect', 1]], $pipes, $cwd, $env);
    $out = stream_get_contents($pipes[1]);
    fclose($pipes[1]);
    return [proc_close($proc), $out];
}

$xml = (string) file_get_contents("$root/package.xml");
preg_match('#<version>\s*<release>([^<]+)</release>#', $xml, $m) or fail('package.xml has no <release>');
$version = $m[1];
echo "package.xml: $version\n";

$blocks = marked_blocks("$root/README.md");
foreach (['install-deps', 'install-pecl', 'install-pie', 'install-source', 'enable-debian', 'enable-other'] as $mark) {
    isset($blocks[$mark]) or fail("README.md has no block marked $mark");
}

// The dependencies: the package lists first, then a Redis server, started where
// nothing started it.
$deps = commands($blocks['install-deps']);
$deps[0] === 'apt-get update' or fail("install-deps starts with {$deps[0]}, not apt-get update");
preg_match('/^apt-get install -y (.*)$/', $deps[1] ?? '', $m) or fail('install-deps has no apt-get install -y on its second line');
$packages = preg_split('/\s+/', $m[1]);
$missing = array_diff(['php-dev', 'php-pear', 'make', 'gcc', 'libhiredis-dev', 'libssl-dev', 'pkg-config', 'redis-server'], $packages);
$missing === [] or fail('install-deps does not install ' . implode(', ', $missing));
str_contains($blocks['install-deps'], 'redis-server --daemonize yes') or fail('install-deps does not start redis-server where no init runs');

// PIE: how to get it, and what it installs.
$pie = $blocks['install-pie'];
str_contains($pie, 'https://github.com/php/pie/releases/') or fail('install-pie does not get pie.phar from its releases');
in_array("pie install redislock/redislock:$version", commands($pie), true) or fail("install-pie does not install redislock/redislock:$version");

commands($blocks['install-source']) === ['phpize && ./configure && make && make install']
    or fail('install-source is not phpize && ./configure && make && make install');

$enable = $blocks['enable-debian'];
foreach (['/etc/php/$v/mods-available/redislock.ini', 'extension=redislock.so', 'phpenmod -v $v redislock', 'service php$v-fpm restart'] as $step) {
    str_contains($enable, $step) or fail("enable-debian lacks $step");
}
str_contains($blocks['enable-other'], '$(php-config --ini-dir)') or fail('enable-other does not use php-config --ini-dir');

// The other places that carry the version.
preg_match('/^#define PHP_REDISLOCK_VERSION "([^"]+)"$/m', (string) file_get_contents("$root/ext/php_redislock.h"), $m);
($m[1] ?? '') === $version or fail('PHP_REDISLOCK_VERSION is ' . ($m[1] ?? 'missing'));
preg_match('/^## (\d+\.\d+\.\d+)/m', (string) file_get_contents("$root/CHANGELOG.md"), $m);
($m[1] ?? '') === $version or fail("CHANGELOG.md's newest release is " . ($m[1] ?? 'missing'));
$composer = json_decode((string) file_get_contents("$root/composer.json"), true);
$alias = $composer['extra']['branch-alias']['dev-main'] ?? '';
$alias === implode('.', array_slice(explode('.', $version), 0, 2)) . '.x-dev' or fail("composer.json's branch alias is $alias");
str_contains((string) file_get_contents("$root/README.md"), "redislock $version") or fail("README.md does not say redislock $version");
echo "README blocks, header, CHANGELOG, composer.json: $version\n";

// The pecl route, as written.
$pecl = commands($blocks['install-pecl']);
$pecl === ['pecl package', "pecl install ./redislock-$version.tgz"]
    or fail("install-pecl is not pecl package, pecl install ./redislock-$version.tgz: " . json_encode($pecl));

$dir = sys_get_temp_dir() . '/redislock-install-' . getmypid();
register_shutdown_function(static fn () => exec('rm -rf ' . escapeshellarg($dir)));
@mkdir("$dir/home", 0700, true);
@mkdir("$dir/etc", 0700, true);
@mkdir("$dir/pkg", 0700, true);
$env = getenv();
$env['HOME'] = "$dir/home";
$env['PHP_PEAR_SYSCONF_DIR'] = "$dir/etc";
// Built without optimisation (./configure reads CFLAGS): what is tested is that the
// tarball builds and loads, and -O0 compiles in a fraction of -O2's time.
$env['CFLAGS'] = '-O0';
$env['MAKEFLAGS'] = '-j2';
unset($env['PHP_PEAR_PHP_BIN'], $env['PHP_PEAR_INSTALL_DIR'], $env['TEST_PHP_EXECUTABLE']);
// pecl's user configuration (pecl -c), in PEAR's format: every directory in the scratch directory.
$conf = "$dir/pearrc";
$settings = [];
foreach (['php_dir', 'ext_dir', 'doc_dir', 'bin_dir', 'data_dir', 'cfg_dir', 'www_dir', 'test_dir', 'man_dir',
          'temp_dir', 'download_dir', 'cache_dir'] as $key) {
    $settings[$key] = "$dir/pear/$key";
}
file_put_contents($conf, "#PEAR_Config 0.9\n" . serialize($settings));

// pecl itself runs under a PHP that Debian's PEAR supports: the PHP under test when
// it does, else the newest other PHP that runs "pecl version" cleanly (sid's PEAR
// under the experimental PHP 8.5 registers no commands). What it builds is for the
// PHP under test all the same: see phpize and php-config below.
$candidates = array_merge([PHP_BINARY], array_reverse(glob('/usr/bin/php[0-9].[0-9]') ?: []));
$pearPhp = '';
foreach ($candidates as $bin) {
    [$s, $out] = run(['pecl', 'version'], $dir, ['PHP_PEAR_PHP_BIN' => $bin] + $env);
    if ($s === 0 && !str_contains($out, 'Warning') && str_contains($out, 'PEAR Version')) {
        $pearPhp = $bin;
        break;
    }
}
$pearPhp !== '' or fail('pecl runs under none of ' . implode(', ', $candidates));
$env['PHP_PEAR_PHP_BIN'] = $pearPhp;

// "pecl package" reads ./package.xml: here the tree's, and the tarball goes into the scratch directory.
[$s, $out] = run(['pecl', '-c', $conf, 'package', "$root/package.xml"], "$dir/pkg", $env);
($s === 0 && is_file("$dir/pkg/redislock-$version.tgz")) or fail("pecl package:\n$out");
echo "pecl package: redislock-$version.tgz\n";

// pecl copies a built extension to the path its "make install" names (php-config
// --extension-dir, found under php-config --prefix), whatever ext_dir says: a
// php-config first on PATH names the scratch directory for both and passes every
// other question to the real one.
// The PHP under test may not be the machine's default one (PHP 8.5 beside sid's
// 8.4): pecl runs "phpize" and "php-config" by those names, so both names, first on
// PATH, lead to the tools of the PHP under test, as that PHP's own would.
[$realPhpize, $realConfig] = rl_old_release_tools();
($realPhpize !== '' && $realConfig !== '') or fail('no phpize or php-config for PHP ' . PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION);
@mkdir("$dir/bin", 0700, true);
@mkdir("$dir/ext", 0700, true);
file_put_contents("$dir/bin/php-config", "#!/bin/sh\n"
    . "if [ \"\$1\" = --prefix ]; then echo " . escapeshellarg($dir) . "; exit 0; fi\n"
    . "if [ \"\$1\" = --extension-dir ]; then echo " . escapeshellarg("$dir/ext") . "; exit 0; fi\n"
    . 'exec ' . escapeshellarg($realConfig) . " \"\$@\"\n");
file_put_contents("$dir/bin/phpize", "#!/bin/sh\nexec " . escapeshellarg($realPhpize) . " \"\$@\"\n");
chmod("$dir/bin/php-config", 0700);
chmod("$dir/bin/phpize", 0700);
$env['PATH'] = "$dir/bin:" . $env['PATH'];
[$s, $out] = run(['pecl', '-c', $conf, 'install', "./redislock-$version.tgz"], "$dir/pkg", $env);
$so = "$dir/ext/redislock.so";
($s === 0 && is_file($so)) or fail("pecl install:\n" . substr($out, -4000));
echo "pecl install: built and installed\n";

[$s, $out] = run([PHP_BINARY, '-n', '-d', "extension=$so", '-r', 'echo phpversion("redislock");'], $dir, $env);
$s === 0 or fail("loading the installed redislock.so:\n$out");
echo "phpversion('redislock') of the installed .so: $out\n";
var_dump($out === $version);
?>
--EXPECTF--
package.xml: %d.%d.%d
README blocks, header, CHANGELOG, composer.json: %d.%d.%d
pecl package: redislock-%d.%d.%d.tgz
pecl install: built and installed
phpversion('redislock') of the installed .so: %d.%d.%d
bool(true)
