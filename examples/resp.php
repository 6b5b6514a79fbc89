<?php
/* Shared by the demos: the server they use, and a tiny RESP client for the plain
 * Redis commands around the locks and queues (stock, counters, a start signal).
 * It is written in PHP so the demos run with `php -n` and nothing but redislock. */

declare(strict_types=1);

if (!extension_loaded('redislock')) {
    fwrite(STDERR, "the redislock extension is not loaded: run the demos with examples/run\n");
    exit(2);
}
if (!function_exists('pcntl_fork')) {
    fwrite(STDERR, "the demos need the pcntl extension (pcntl_fork)\n");
    exit(2);
}

/** REDISLOCK_DSN, or redis://127.0.0.1:6379. */
function demo_dsn(): string
{
    $dsn = getenv('REDISLOCK_DSN');
    return $dsn === false || $dsn === '' ? 'redis://127.0.0.1:6379' : $dsn;
}

/** A connection for plain commands. */
final class Resp
{
    /** @var resource */
    private $socket;

    /** Connects to the server of a DSN in the forms the extension accepts. */
    public function __construct(string $dsn)
    {
        $password = $user = null;
        $db = 0;
        $query = '';
        if (str_starts_with($dsn, 'unix://')) {
            [$path, $query] = array_pad(explode('?', substr($dsn, 7), 2), 2, '');
            $target = 'unix://' . $path;
        } else {
            $u = parse_url($dsn);
            if ($u === false || !isset($u['host'])) {
                throw new InvalidArgumentException("cannot parse the DSN '$dsn'");
            }
            $target = 'tcp://' . $u['host'] . ':' . ($u['port'] ?? 6379);
            if (isset($u['user'], $u['pass'])) {
                [$user, $password] = [rawurldecode($u['user']), rawurldecode($u['pass'])];
            } elseif (isset($u['user'])) {
                $password = rawurldecode($u['user']);
            } elseif (isset($u['pass'])) {
                $password = rawurldecode($u['pass']);
            }
            if (isset($u['path']) && trim($u['path'], '/') !== '') {
                $db = (int) trim($u['path'], '/');
            }
            $query = $u['query'] ?? '';
        }
        parse_str($query, $q);
        $user = $q['user'] ?? $user;
        $password = $q['password'] ?? $password;
        $db = (int) ($q['db'] ?? $q['database'] ?? $db);

        $socket = @stream_socket_client($target, $errno, $errstr, 2.0);
        if (!$socket) {
            throw new RuntimeException("cannot connect to $target: $errstr");
        }
        stream_set_timeout($socket, 30);
        $this->socket = $socket;
        if ($password !== null) {
            $user !== null ? $this->call('AUTH', $user, $password) : $this->call('AUTH', $password);
        }
        if ($db !== 0) {
            $this->call('SELECT', (string) $db);
        }
    }

    /** Sends one command and returns its reply; an error reply throws. */
    public function call(string ...$args): mixed
    {
        $cmd = '*' . count($args) . "\r\n";
        foreach ($args as $a) {
            $cmd .= '$' . strlen($a) . "\r\n" . $a . "\r\n";
        }
        for ($off = 0; $off < strlen($cmd); $off += $n) {
            $n = fwrite($this->socket, substr($cmd, $off));
            if ($n === false || $n === 0) {
                throw new RuntimeException('write to Redis failed');
            }
        }
        return $this->read();
    }

    private function read(): mixed
    {
        $line = fgets($this->socket);
        if ($line === false) {
            throw new RuntimeException('read from Redis failed');
        }
        $body = substr($line, 1, -2);
        switch ($line[0]) {
            case '+':
                return $body;
            case '-':
                throw new RuntimeException("Redis: $body");
            case ':':
                return (int) $body;
            case '$':
                if ((int) $body < 0) {
                    return null;
                }
                $data = '';
                $len = (int) $body + 2;
                while (strlen($data) < $len) {
                    $chunk = fread($this->socket, $len - strlen($data));
                    if ($chunk === false || $chunk === '') {
                        throw new RuntimeException('read from Redis failed');
                    }
                    $data .= $chunk;
                }
                return substr($data, 0, -2);
            case '*':
                if ((int) $body < 0) {
                    return null;
                }
                $out = [];
                for ($i = 0; $i < (int) $body; $i++) {
                    $out[] = $this->read();
                }
                return $out;
        }
        throw new RuntimeException('bad reply from Redis: ' . $line);
    }
}

/**
 * Forks a child that runs $fn and exits with what it returns (1 when it throws,
 * the exception printed on stderr); returns the child's pid to the parent.
 */
function demo_fork(callable $fn): int
{
    $pid = pcntl_fork();
    if ($pid === -1) {
        fwrite(STDERR, "fork failed\n");
        exit(2);
    }
    if ($pid === 0) {
        $code = 1;
        try {
            $code = $fn();
        } catch (Throwable $e) {
            fwrite(STDERR, get_class($e) . ': ' . $e->getMessage() . "\n");
        }
        exit($code);
    }
    return $pid;
}

/** Waits for forked children, at most until $deadline (microtime); kills the rest. Returns pid => exit code (-1: killed). */
function demo_wait_children(array $pids, float $deadline): array
{
    $codes = [];
    while (count($codes) < count($pids)) {
        foreach ($pids as $pid) {
            if (isset($codes[$pid])) {
                continue;
            }
            $r = pcntl_waitpid($pid, $status, WNOHANG);
            if ($r === $pid || $r === -1) {
                $codes[$pid] = $r === -1 ? -1 : (pcntl_wifexited($status) ? pcntl_wexitstatus($status) : -1);
            }
        }
        if (count($codes) === count($pids)) {
            break;
        }
        if (microtime(true) > $deadline) {
            foreach ($pids as $pid) {
                if (!isset($codes[$pid])) {
                    exec('kill -9 ' . (int) $pid);
                    pcntl_waitpid($pid, $status);
                    $codes[$pid] = -1;
                }
            }
            break;
        }
        usleep(5000);
    }
    return $codes;
}

/** The value below which $p percent of the sorted $values lie (nearest rank). */
function demo_percentile(array $sorted, float $p): float
{
    if (!$sorted) {
        return NAN;
    }
    $rank = (int) ceil($p / 100 * count($sorted));
    return $sorted[max(0, min(count($sorted) - 1, $rank - 1))];
}
