<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Dashboard;

use RedisLock\Bridge\Operator\Names;
use RedisLock\Bridge\Operator\UsageException;

/**
 * The dashboard over HTTP, for "redislock dashboard": one request at a time,
 * each on a connection of its own (Connection: close), on the address it
 * listens on. On a loopback address a request must name that address (in any
 * spelling of it) or localhost as its Host, with a password or without, so that
 * a page of another site cannot reach it through a name that resolves to
 * 127.0.0.1. Any other address is refused unless a password is set: every
 * request must then give it (HTTP Basic, a user name and a colon before it; put
 * the dashboard behind TLS on a network). A request's head is at most MAX_HEAD
 * bytes and its body MAX_BODY, read within READ_TIMEOUT seconds in all, and its
 * answer is written within WRITE_TIMEOUT: one slow client holds the others up
 * for at most the two.
 */
final class Server
{
    public const MAX_HEAD = 16384;
    public const MAX_BODY = 16384;
    public const READ_TIMEOUT = 5.0;
    public const WRITE_TIMEOUT = 10.0;
    public const BUILD_TIMEOUT = 60.0;

    /** The shortest password a dashboard on a non-loopback address takes. */
    public const MIN_PASSWORD = 12;

    private bool $stop = false;

    /** @var resource|null */
    private $socket = null;

    /**
     * @param callable(string): void $log a line per request (method, path, status), and the start
     * @throws UsageException for an address that is not HOST:PORT, or not loopback without a password
     */
    public function __construct(
        private Dashboard $dashboard,
        private string $host,
        private int $port,
        #[\SensitiveParameter] private ?string $password,
        private $log,
    ) {
        if ($port < 0 || $port > 65535) {
            throw new UsageException("--listen: port $port is not 0 to 65535");
        }
        if (!self::isLoopback($host) && ($password === null || strlen($password) < self::MIN_PASSWORD)) {
            throw new UsageException("--listen: $host is not a loopback address: set REDISLOCK_DASHBOARD_PASSWORD (at least "
                . self::MIN_PASSWORD . ' bytes) to serve the dashboard there, behind TLS');
        }
    }

    /**
     * "HOST:PORT" or "[IPv6]:PORT" as [host, port].
     *
     * @return array{0: string, 1: int}
     * @throws UsageException
     */
    public static function parseListen(string $listen): array
    {
        if (!preg_match('/^(?:\[([0-9a-fA-F:.]+)\]|([^\s:\[\]\/]+)):(\d{1,5})$/D', $listen, $m)) {
            throw new UsageException("--listen: '$listen' is not HOST:PORT (or [IPv6]:PORT)");
        }

        return [$m[1] !== '' ? $m[1] : $m[2], (int) $m[3]];
    }

    /** Whether $host is a loopback address (127.0.0.0/8, ::1) or "localhost". */
    public static function isLoopback(string $host): bool
    {
        if (strcasecmp($host, 'localhost') === 0) {
            return true;
        }
        $packed = @inet_pton($host);
        if ($packed === false) {
            return false;
        }

        return strlen($packed) === 4 ? $packed[0] === "\x7f" : $packed === inet_pton('::1');
    }

    /** Binds; returns the URL it serves. The port, when 0, is the one the system chose. */
    public function listen(): string
    {
        $address = str_contains($this->host, ':') ? "[{$this->host}]" : $this->host;
        $socket = @stream_socket_server("tcp://$address:{$this->port}", $errno, $error);
        if ($socket === false) {
            throw new UsageException("--listen: cannot listen on $address:{$this->port}: $error");
        }
        $this->socket = $socket;
        $name = (string) stream_socket_get_name($socket, false);
        $this->port = (int) substr($name, strrpos($name, ':') + 1);

        return "http://$address:{$this->port}/";
    }

    /** Serves until stop() (a signal handler may call it), or $requests requests when given. */
    public function serve(?int $requests = null): void
    {
        if ($this->socket === null) {
            $this->listen();
        }
        while (!$this->stop && ($requests === null || $requests-- > 0)) {
            $client = @stream_socket_accept($this->socket, 1.0);
            if ($client === false) {
                $requests = $requests === null ? null : $requests + 1;
                continue;
            }
            try {
                $this->answer($client);
            } finally {
                fclose($client);
            }
        }
    }

    public function stop(): void
    {
        $this->stop = true;
    }

    /**
     * Reads a request within READ_TIMEOUT in all and answers it; the answer is
     * written within WRITE_TIMEOUT in all (a client that reads slower loses it),
     * so one client holds the others up for at most the two.
     *
     * @param resource $client
     */
    private function answer($client): void
    {
        stream_set_blocking($client, false);
        $deadline = microtime(true) + self::READ_TIMEOUT;
        $head = '';
        while (!str_contains($head, "\r\n\r\n")) {
            if (strlen($head) > self::MAX_HEAD) {
                $this->send($client, '', '', new Response(431, "request head too large\n", ['Content-Type' => 'text/plain']));

                return;
            }
            $chunk = self::readSome($client, self::MAX_HEAD + 1 - strlen($head), $deadline);
            if ($chunk === null) {
                // Closed, or silent past the deadline: no answer, a line in the log.
                ($this->log)($head === '' ? "- - dropped: no request\n" : "- - dropped: no whole request head within " . self::READ_TIMEOUT . " s\n");

                return;
            }
            $head .= $chunk;
        }
        [$head, $body] = explode("\r\n\r\n", $head, 2);
        $lines = explode("\r\n", $head);
        if (!preg_match('/^([A-Z]{1,10}) (\/[^\s]*) HTTP\/1\.[01]$/D', array_shift($lines), $m)) {
            $this->send($client, '', '', new Response(400, "bad request line\n", ['Content-Type' => 'text/plain']));

            return;
        }
        [, $method, $target] = $m;
        $headers = [];
        foreach ($lines as $line) {
            [$name, $value] = array_pad(explode(':', $line, 2), 2, '');
            $headers[strtolower(trim($name))] = trim($value);
        }
        $path = (string) parse_url('http://x' . $target, PHP_URL_PATH);
        $refusal = $this->refusal($headers);
        if ($refusal !== null) {
            $this->send($client, $method, $path, $refusal);

            return;
        }
        $length = $headers['content-length'] ?? '0';
        if (!preg_match('/^\d{1,6}$/D', $length) || (int) $length > self::MAX_BODY) {
            $this->send($client, $method, $path, new Response(413, "request body too large, or its length unreadable\n", ['Content-Type' => 'text/plain']));

            return;
        }
        $length = (int) $length;
        while (strlen($body) < $length) {
            $chunk = self::readSome($client, $length - strlen($body), $deadline);
            if ($chunk === null) {
                ($this->log)(sprintf("%s %s dropped: no whole body within %s s\n", $method, Names::escape($path), self::READ_TIMEOUT));

                return;
            }
            $body .= $chunk;
        }
        parse_str((string) parse_url('http://x' . $target, PHP_URL_QUERY), $query);
        $form = [];
        if ($method === 'POST') {
            parse_str(substr($body, 0, $length), $form);
        }
        $this->build($client, $method, $path, $query, $form);
    }

    /**
     * Builds the page and sends it, in a child process where pcntl is there: a
     * page that runs out of memory (names or ids of megabytes in the keyspace)
     * or fails ends that child only, the server answers 500 and goes on. The
     * child has BUILD_TIMEOUT seconds (an alarm ends it).
     *
     * @param resource $client
     * @param array<string, mixed> $query
     * @param array<string, mixed> $form
     */
    private function build($client, string $method, string $path, array $query, array $form): void
    {
        $pid = function_exists('pcntl_fork') ? pcntl_fork() : -1;
        if ($pid === -1) {
            $this->send($client, $method, $path, $this->dashboard->handle($method, rawurldecode($path), $query, $form));

            return;
        }
        if ($pid === 0) {
            pcntl_signal(SIGALRM, SIG_DFL);
            pcntl_signal(SIGTERM, SIG_DFL);
            pcntl_signal(SIGINT, SIG_DFL);
            pcntl_alarm((int) self::BUILD_TIMEOUT);
            $this->send($client, $method, $path, $this->dashboard->handle($method, rawurldecode($path), $query, $form));
            exit(0);
        }
        do {
            $done = pcntl_waitpid($pid, $status);
        } while ($done === -1 && pcntl_get_last_error() === PCNTL_EINTR);
        if ($done !== $pid || !pcntl_wifexited($status) || pcntl_wexitstatus($status) !== 0) {
            $this->send($client, $method, $path, new Response(500, "the page could not be built (it may need more memory than PHP's memory_limit: names or payloads of megabytes)\n",
                ['Content-Type' => 'text/plain; charset=utf-8']));
        }
    }

    /**
     * Up to $max bytes from $client as soon as some come; null when it closed or
     * nothing came before $deadline.
     *
     * @param resource $client
     */
    private static function readSome($client, int $max, float $deadline): ?string
    {
        while (true) {
            $left = $deadline - microtime(true);
            if ($left <= 0) {
                return null;
            }
            $read = [$client];
            $write = $except = null;
            if (@stream_select($read, $write, $except, (int) $left, (int) (fmod($left, 1.0) * 1e6)) === false) {
                return null;
            }
            if ($read === []) {
                continue;
            }
            $chunk = fread($client, $max);
            if ($chunk === false || ($chunk === '' && feof($client))) {
                return null;
            }
            if ($chunk !== '') {
                return $chunk;
            }
        }
    }

    /**
     * The answer to a request that must not reach the dashboard: a Host that is
     * not this server's on a loopback address, or a missing or wrong password.
     *
     * @param array<string, string> $headers
     */
    private function refusal(array $headers): ?Response
    {
        if (self::isLoopback($this->host) && !$this->ownHost($headers['host'] ?? '')) {
            return new Response(421, "this dashboard answers only to its own address\n", ['Content-Type' => 'text/plain']);
        }
        if ($this->password === null) {
            return null;
        }
        $given = null;
        if (preg_match('/^Basic\s+([A-Za-z0-9+\/=]+)$/D', $headers['authorization'] ?? '', $m)) {
            $pair = base64_decode($m[1], true);
            $colon = $pair === false ? false : strpos($pair, ':');
            $given = $colon === false ? null : substr($pair, $colon + 1);
        }
        if ($given === null || !hash_equals($this->password, $given)) {
            return new Response(401, "password needed\n", ['Content-Type' => 'text/plain', 'WWW-Authenticate' => 'Basic realm="redislock", charset="UTF-8"']);
        }

        return null;
    }

    /** Whether a Host header names this server: its address (in any spelling of it) or localhost, with its port. */
    private function ownHost(string $host): bool
    {
        if (!preg_match('/^(?:\[([0-9a-fA-F:.]+)\]|([^:\[\]]+)):(\d{1,5})$/D', $host, $m) || (int) $m[3] !== $this->port) {
            return false;
        }
        $name = $m[1] !== '' ? $m[1] : $m[2];
        if (strcasecmp($name, 'localhost') === 0 || strcasecmp($name, $this->host) === 0) {
            return true;
        }
        $given = @inet_pton($name);
        $own = @inet_pton($this->host);

        return $given !== false && $own !== false && $given === $own;
    }

    /** @param resource $client */
    private function send($client, string $method, string $path, Response $response): void
    {
        $reasons = [200 => 'OK', 400 => 'Bad Request', 401 => 'Unauthorized', 403 => 'Forbidden', 404 => 'Not Found', 405 => 'Method Not Allowed',
            413 => 'Content Too Large', 421 => 'Misdirected Request', 431 => 'Request Header Fields Too Large', 500 => 'Internal Server Error', 502 => 'Bad Gateway'];
        $out = "HTTP/1.1 {$response->status} " . ($reasons[$response->status] ?? 'Status') . "\r\n";
        foreach ($response->headers + ['Content-Length' => (string) strlen($response->body), 'Connection' => 'close'] as $name => $value) {
            $out .= "$name: $value\r\n";
        }
        $out .= "\r\n" . ($method === 'HEAD' ? '' : $response->body);
        stream_set_blocking($client, false);
        $deadline = microtime(true) + self::WRITE_TIMEOUT;
        for ($sent = 0; $sent < strlen($out);) {
            $left = $deadline - microtime(true);
            $read = $except = null;
            $write = [$client];
            if ($left <= 0 || @stream_select($read, $write, $except, (int) $left, (int) (fmod($left, 1.0) * 1e6)) === false) {
                break;
            }
            if ($write === []) {
                continue;
            }
            $n = @fwrite($client, substr($out, $sent, 65536));
            if ($n === false) {
                break;
            }
            $sent += $n;
        }
        ($this->log)(sprintf("%s %s %d\n", $method === '' ? '-' : $method, $path === '' ? '-' : Names::escape($path), $response->status));
    }
}
