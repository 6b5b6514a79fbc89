--TEST--
Watchdog under PHP-FPM: a lock kept past its request (auto_release => false) is renewed no more and lapses within the lease
--DESCRIPTION--
Watchdog under PHP-FPM: a lock taken in one request by an object with
auto_release => false (lease 0.5 s, $expire 60 s) is no longer renewed once the
request is over and lapses within the lease, though the worker and its watchdog
thread live on (the next request served by that worker sees the thread running
with 0 holds); with auto_release it is released when the request ends
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';

/* ---- a php-fpm of the test's own: one static worker on a unix socket --------- */
$ver = PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION;
$fpm = null;
foreach (["/usr/sbin/php-fpm$ver", "/usr/bin/php-fpm$ver", '/usr/sbin/php-fpm', '/usr/bin/php-fpm'] as $candidate) {
    if (is_executable($candidate)) {
        $fpm = $candidate;
        break;
    }
}
if ($fpm === null) {
    echo "php-fpm $ver not found: install the Debian package php$ver-fpm\n";
    exit(1);
}
$dir = rl_env('REDISLOCK_TEST_TMP') . '/fpm-' . getmypid();
@mkdir($dir, 0700, true);
$socket = "$dir/php-fpm.sock";
/* The page reads the test's servers from its environment, as the tests do. */
$env = '';
foreach (['REDISLOCK_TEST_HOST', 'REDISLOCK_TEST_PORT', 'REDISLOCK_TEST_TMP'] as $var) {
    $env .= "env[$var] = " . rl_env($var) . "\n";
}
file_put_contents("$dir/php-fpm.conf", "[global]\npid = $dir/php-fpm.pid\nerror_log = $dir/php-fpm.log\ndaemonize = no\n\n"
    . "[watchdog]\nlisten = $socket\nlisten.mode = 0600\npm = static\npm.max_children = 1\npm.max_requests = 0\n"
    . "catch_workers_output = yes\n$env");
file_put_contents("$dir/page.php", '<?php
require ' . var_export(__DIR__ . '/../harness/watchdog_test.inc', true) . ';
$name = $_GET["name"] ?? "";
$info = fn() => wd_info()["thread"] . " " . wd_info()["holds"];
switch ($_GET["step"] ?? "") {
    case "keep":   // auto_release => false: left behind, no longer renewed
        $lock = new RedisLock(wd_options(0.5, ["auto_release" => false]));
        echo getmypid(), " ", var_export($lock->lock($name, 0, 60), true), " ", $info();
        break;
    case "release":
        $lock = new RedisLock(wd_options(0.5));
        echo getmypid(), " ", var_export($lock->lock($name, 0, 60), true), " ", $info();
        break;
    case "info":
        echo getmypid(), " ", $info();
        break;
}
');
/* tests/run --tsan: php-fpm loads the ThreadSanitizer build only with the TSan runtime preloaded. */
$loader = getenv('REDISLOCK_TEST_TSAN_LOADER') ? explode(' ', getenv('REDISLOCK_TEST_TSAN_LOADER')) : [];
$cmd = [...$loader, $fpm, '-n', '-F', '-y', "$dir/php-fpm.conf", '-d', 'extension=' . rl_extension_path(),
    '-d', 'display_errors=1', '-d', 'log_errors=0'];
if (function_exists('posix_getuid') ? posix_getuid() === 0 : trim((string) shell_exec('id -u')) === '0') {
    $cmd[] = '-R';   // php-fpm refuses to run a pool as root without it
}
$proc = proc_open($cmd, [0 => ['file', '/dev/null', 'r'], 1 => ['file', "$dir/php-fpm.out", 'a'], 2 => ['file', "$dir/php-fpm.out", 'a']], $pipes);
register_shutdown_function(function () use ($proc, $dir) {
    proc_terminate($proc, 15);
    $deadline = microtime(true) + 5;
    while (proc_get_status($proc)['running'] && microtime(true) < $deadline) {
        usleep(10000);
    }
    if (proc_get_status($proc)['running']) {
        proc_terminate($proc, 9);
    }
    proc_close($proc);
    fault_rmdir($dir);
});
$deadline = microtime(true) + 10;
while (!file_exists($socket) && microtime(true) < $deadline && proc_get_status($proc)['running']) {
    usleep(20000);
}
if (!file_exists($socket)) {
    echo "php-fpm did not start: ", @file_get_contents("$dir/php-fpm.out"), @file_get_contents("$dir/php-fpm.log"), "\n";
    exit(1);
}

/* ---- a minimal FastCGI client (as bench/fpm.php's) ---------------------------- */
function fcgi_record(int $type, string $content): string
{
    $pad = (8 - strlen($content) % 8) % 8;
    return pack('CCnnCx', 1, $type, 1, strlen($content), $pad) . $content . str_repeat("\0", $pad);
}

function fcgi_get(string $socket, string $script, string $query): string
{
    $pairs = '';
    $params = ['GATEWAY_INTERFACE' => 'CGI/1.1', 'SERVER_PROTOCOL' => 'HTTP/1.1', 'REQUEST_METHOD' => 'GET',
        'SCRIPT_FILENAME' => $script, 'SCRIPT_NAME' => '/' . basename($script), 'REQUEST_URI' => '/' . basename($script) . "?$query",
        'QUERY_STRING' => $query, 'DOCUMENT_ROOT' => dirname($script), 'SERVER_NAME' => 'localhost', 'REMOTE_ADDR' => '127.0.0.1'];
    foreach ($params as $k => $v) {
        $pairs .= chr(strlen($k)) . (strlen($v) < 128 ? chr(strlen($v)) : pack('N', strlen($v) | 0x80000000)) . $k . $v;
    }
    $s = stream_socket_client("unix://$socket", $errno, $errstr, 5);
    if (!$s) {
        return "connect failed: $errstr";
    }
    stream_set_timeout($s, 10);
    fwrite($s, fcgi_record(1, pack('nCx5', 1, 0)) . fcgi_record(4, $pairs) . fcgi_record(4, '') . fcgi_record(5, ''));
    $buf = '';
    $stdout = '';
    while (true) {
        while (strlen($buf) >= 8) {
            $h = unpack('Cversion/Ctype/nid/nlen/Cpad', $buf);
            if (strlen($buf) < 8 + $h['len'] + $h['pad']) {
                break;
            }
            $content = substr($buf, 8, $h['len']);
            $buf = (string) substr($buf, 8 + $h['len'] + $h['pad']);
            if ($h['type'] === 6) {
                $stdout .= $content;
            } elseif ($h['type'] === 3) {
                fclose($s);
                $parts = explode("\r\n\r\n", $stdout, 2);
                return $parts[1] ?? $stdout;
            }
        }
        $chunk = fread($s, 65536);
        if ($chunk === false || $chunk === '') {
            fclose($s);
            return 'no complete reply: ' . $stdout;
        }
        $buf .= $chunk;
    }
}

/* ---- the requests ------------------------------------------------------------ */
$raw = new RawRedis();
$kept = rl_name();
$released = rl_name();
$page = "$dir/page.php";

[$pid, $taken, $thread, $holds] = explode(' ', fcgi_get($socket, $page, 'step=keep&name=' . rawurlencode($kept)) . '   ');
$server0 = wd_server_ms($raw);
echo "$taken $thread $holds\n";
$token = $raw->call('GET', l4_key($kept));
$left = wd_left($raw, l4_key($kept), (string) $token);
echo 'left behind: ', wd_ok($left !== null && $left > 0 && $left <= 500, $left), "\n";
[$pid2, $thread2, $holds2] = explode(' ', fcgi_get($socket, $page, 'step=info') . '  ');
echo ($pid2 === $pid ? 'same worker' : "another worker: $pid, $pid2"), " $thread2 $holds2\n";
/* Renewed no more once the request ended: it lapses by itself, and no look finds
 * its end past the lease (0.5 s) after the server's clock once the request
 * ended, but for 250 ms of a renewal already on its way. */
[$gone, $end] = wd_follow($raw, l4_key($kept), (string) $token);
echo 'lapsed within the lease: ', wd_ok($gone !== null && $end - $server0 <= 750, [$gone, $end - $server0]), "\n";

[, $taken, $thread, $holds] = explode(' ', fcgi_get($socket, $page, 'step=release&name=' . rawurlencode($released)) . '   ');
echo "$taken $thread $holds\n";
var_dump($raw->call('EXISTS', l4_key($released)));
?>
--EXPECT--
true running 1
left behind: ok
same worker running 0
lapsed within the lease: ok
true running 1
int(0)
