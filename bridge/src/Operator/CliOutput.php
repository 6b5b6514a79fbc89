<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Operator;

/**
 * What the "redislock" command shows: tables, "key: value" pairs or JSON on
 * standard output, errors on error output (a password of the connection never
 * in them), and a transient progress line while a long listing is read.
 */
final class CliOutput
{
    /** @var \Closure(string): void */
    private \Closure $out;

    /** @var \Closure(string): void */
    private \Closure $err;

    /** @var (\Closure(string): void)|null */
    private ?\Closure $status;

    /** Whether the output is one JSON document (--json). */
    public bool $json = false;

    /** The passwords to keep out of messages. */
    public Secrets $secrets;

    /** Whether a progress line is on the terminal now. */
    private bool $statusShown = false;

    /** Whether a listing has begun its output (its rows show its progress then). */
    private bool $listing = false;

    /** The key of the list a --json listing has opened and not closed yet. */
    private ?string $openJson = null;

    /**
     * @param \Closure(string): void $out standard output
     * @param \Closure(string): void $err error output
     * @param (\Closure(string): void)|null $status shows a transient progress line ('' clears it); null: none
     */
    public function __construct(\Closure $out, \Closure $err, ?\Closure $status, private string $program)
    {
        $this->out = $out;
        $this->err = $err;
        $this->status = $status;
        $this->secrets = new Secrets(null);
    }

    /** Text on standard output as it is. */
    public function write(string $text): void
    {
        ($this->out)($text);
    }

    /** A line of a long-running subcommand's log (the dashboard's requests), on standard error. */
    public function log(string $line): void
    {
        ($this->err)($line);
    }

    /** The output of a listing has begun: no progress line from now on. */
    public function beginListing(): void
    {
        $this->clearStatus();
        $this->listing = true;
    }

    /**
     * Prints a listing page by page as it is read: a table whose columns widen
     * when a later page needs it, or one JSON document {$key: rows, "errors":
     * [...]}. Each name the server refused is named on stderr as it comes.
     * Returns the exit code: 6 when a name was refused, else 1 when nothing was
     * listed, else 0.
     *
     * @param iterable<array{rows: list<array{name: string, state: array<string, mixed>}>, errors: list<array{name: string, message: string}>}> $pages
     * @param list<string> $headers
     * @param callable(string, array<string, mixed>): list<string> $cells
     */
    public function listing(string $key, string $kind, iterable $pages, array $headers, callable $cells, string $empty): int
    {
        $errors = null;
        $errorCount = 0;
        $rowCount = 0;
        $widths = array_map('strlen', $headers);
        foreach ($pages as $page) {
            foreach ($page['errors'] as ['name' => $name, 'message' => $message]) {
                $errorCount++;
                $this->nameError($kind, $name, $message);
                if ($this->json) {
                    $errors ??= fopen('php://temp/maxmemory:' . Metrics::BUFFER, 'w+b');
                    fwrite($errors, ($errorCount > 1 ? ',' : '') . "\n        " . self::json(['kind' => $kind] + Names::json('name', $name) + ['message' => $this->secrets->mask($message)], 0));
                }
            }
            if ($page['rows'] === []) {
                continue;
            }
            $this->clearStatus();
            $this->listing = true;
            if ($this->json) {
                $text = $rowCount === 0 ? "{\n    \"$key\": [" : ',';
                $this->openJson = $key;
                $first = true;
                foreach ($page['rows'] as ['name' => $name, 'state' => $state]) {
                    $text .= ($first ? '' : ',') . "\n        " . self::json(Names::json('name', $name) + Names::jsonState($state), 8);
                    $first = false;
                }
                ($this->out)($text);
            } else {
                $rows = [];
                foreach ($page['rows'] as ['name' => $name, 'state' => $state]) {
                    $rows[] = $cells($name, $state);
                }
                $widths = self::widths($widths, $rows);
                ($this->out)(($rowCount === 0 ? self::line($headers, $widths) : '') . implode('', array_map(static fn (array $row): string => self::line($row, $widths), $rows)));
            }
            $rowCount += count($page['rows']);
        }
        $this->clearStatus();
        if ($this->json) {
            $text = $rowCount === 0 ? "{\n    \"$key\": []" : "\n    ]";
            ($this->out)($text . ",\n    \"errors\": [");
            $this->openJson = null;
            if ($errors !== null) {
                rewind($errors);
                while (($chunk = fread($errors, 65536)) !== false && $chunk !== '') {
                    ($this->out)($chunk);
                }
                fclose($errors);
            }
            ($this->out)(($errorCount > 0 ? "\n    ]" : ']') . "\n}\n");
        } elseif ($rowCount === 0) {
            ($this->out)($empty . "\n");
        }

        return $errorCount > 0 ? Cli::EXIT_PARTIAL : ($rowCount === 0 ? Cli::EXIT_EMPTY : Cli::EXIT_OK);
    }

    /** A name the server refused to read, named on stderr. */
    public function nameError(string $kind, string $name, string $message): void
    {
        $this->clearStatus();
        ($this->err)($this->program . ": $kind " . Names::escape($name) . ' cannot be read: ' . $this->secrets->mask($message) . "\n");
    }

    /** A progress callback for a listing: a status line once it has taken over half a second. */
    public function progress(string $what): ?\Closure
    {
        if ($this->status === null) {
            return null;
        }
        $start = microtime(true);

        return function (int $count) use ($what, $start): void {
            if (!$this->listing && microtime(true) - $start > 0.5) {
                ($this->status)("listing $what: $count names so far...");
                $this->statusShown = true;
            }
        };
    }

    public function clearStatus(): void
    {
        if ($this->statusShown && $this->status !== null) {
            ($this->status)('');
            $this->statusShown = false;
        }
    }

    public function fail(int $code, string $message): int
    {
        $this->clearStatus();
        $message = $this->secrets->mask($message);
        ($this->err)($this->program . ': ' . $message . "\n");
        if ($this->json && $this->openJson !== null) {
            // A listing's document is open: the error closes it.
            ($this->out)("\n    ],\n    \"error\": " . self::json(['exit_code' => $code, 'message' => strtok($message, "\n")], 4) . "\n}\n");
            $this->openJson = null;
        } elseif ($this->json) {
            $this->emitJson(['error' => ['exit_code' => $code, 'message' => strtok($message, "\n")]]);
        }

        return $code;
    }

    public function emitJson(mixed $value): void
    {
        $this->clearStatus();
        ($this->out)(self::json($value, 0) . "\n");
    }

    /** $value as pretty JSON, its lines after the first indented by $indent spaces. */
    private static function json(mixed $value, int $indent): string
    {
        $text = json_encode(
            $value,
            JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION
            | JSON_INVALID_UTF8_SUBSTITUTE | JSON_THROW_ON_ERROR,
        );

        return $indent === 0 ? $text : str_replace("\n", "\n" . str_repeat(' ', $indent), $text);
    }

    /**
     * @param list<string> $headers
     * @param list<list<string>> $rows
     */
    public function table(array $headers, array $rows, string $empty): void
    {
        $this->clearStatus();
        if ($rows === []) {
            ($this->out)($empty . "\n");

            return;
        }
        $widths = self::widths(array_map('strlen', $headers), $rows);
        $text = self::line($headers, $widths);
        foreach ($rows as $row) {
            $text .= self::line($row, $widths);
        }
        ($this->out)($text);
    }

    /**
     * @param list<int> $widths
     * @param list<list<string>> $rows
     * @return list<int>
     */
    private static function widths(array $widths, array $rows): array
    {
        foreach ($rows as $row) {
            foreach ($row as $i => $cell) {
                $widths[$i] = max($widths[$i], strlen($cell));
            }
        }

        return $widths;
    }

    /**
     * @param list<string> $cells
     * @param list<int> $widths
     */
    private static function line(array $cells, array $widths): string
    {
        $parts = [];
        foreach ($cells as $i => $cell) {
            // the first column (a name) left-aligned, numbers right-aligned
            $parts[] = $i === 0 || !preg_match('/^[-0-9.]/', $cell)
                ? str_pad($cell, $widths[$i])
                : str_pad($cell, $widths[$i], ' ', STR_PAD_LEFT);
        }

        return rtrim(implode('  ', $parts)) . "\n";
    }

    /** @param array<string, string> $pairs */
    public function pairs(array $pairs): void
    {
        $width = max(array_map('strlen', array_keys($pairs)));
        $text = '';
        foreach ($pairs as $key => $value) {
            $text .= str_pad($key . ':', $width + 1) . ' ' . $value . "\n";
        }
        ($this->out)($text);
    }

    public static function time(float $t): string
    {
        return gmdate('Y-m-d H:i:s', (int) $t) . sprintf('.%03d', (int) (($t - floor($t)) * 1000));
    }
}
