--TEST--
RedisLock: an object created in a session write handler takes its lock and is released at the end of the request
--DESCRIPTION--
RedisLock: an object created in a session write handler, which PHP runs after
the extensions' request shutdown, takes its lock, and is released at the very
end of the request without a crash or any error output
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$raw = new RawRedis();
$name = rl_name();
$report = rl_env('REDISLOCK_TEST_TMP') . '/' . str_replace(':', '_', $name) . '.json';
/* session_set_save_handler(..., false): no session_write_close() shutdown function,
 * so write() runs from the session module's own request shutdown: after the
 * destructors, and after ours (modules shut down in reverse load order). The object
 * it leaves in $GLOBALS gets no destructor call, only the final free. The child
 * writes what it saw to a file: output may be gone by then. */
$child = rl_run_php('
    final class Marker
    {
        public static bool $destroyed = false;
        public function __destruct() { self::$destroyed = true; }
    }
    final class LockingHandler implements SessionHandlerInterface
    {
        public function open(string $path, string $name): bool { return true; }
        public function close(): bool { return true; }
        public function read(string $id): string|false { return ""; }
        public function destroy(string $id): bool { return true; }
        public function gc(int $max_lifetime): int|false { return 0; }
        public function write(string $id, string $data): bool
        {
            $name = ' . var_export($name, true) . ';
            $seen = ["data" => $data, "after the destructors" => Marker::$destroyed];
            try {
                $lock = new RedisLock(rl_dsn());
                $seen["lock"] = $lock->lock($name, 0, 30);
                $seen["isLocking"] = $lock->isLocking($name);
                $seen["on the server"] = (new RawRedis())->call("EXISTS", "Lock:$name");
                $GLOBALS["late_lock"] = $lock;
            } catch (Throwable $e) {
                $seen["exception"] = get_class($e) . ": " . $e->getMessage();
            }
            file_put_contents(' . var_export($report, true) . ', json_encode($seen));
            return true;
        }
    }
    session_set_save_handler(new LockingHandler(), false);
    $marker = new Marker();
    session_start();
    $_SESSION["n"] = 1;
', ['session.use_cookies' => '0', 'session.cache_limiter' => '']);
echo 'exit ', $child['status'], "\n";
echo 'stdout: ', json_encode($child['stdout']), "\n";
echo 'stderr: ', json_encode($child['stderr']), "\n";
echo 'write() saw: ', is_file($report) ? file_get_contents($report) : '(no report)', "\n";
@unlink($report);
var_dump($raw->call('EXISTS', "Lock:$name"));
?>
--EXPECT--
exit 0
stdout: ""
stderr: ""
write() saw: {"data":"n|i:1;","after the destructors":true,"lock":true,"isLocking":true,"on the server":1}
int(0)
