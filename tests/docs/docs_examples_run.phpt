--TEST--
Every example marked "php runnable" in README.md and docs/*.md runs to its end without an exception, a warning, a notice or a deprecation
--DESCRIPTION--
The documentation's examples are code a reader copies, so they are run like any
other test. Each fenced block whose info string is "php runnable" is taken from
README.md and docs/*.md and run in a php process of its own, with the extension
and nothing else loaded, error_reporting at E_ALL and errors on stderr, against
this run's throwaway server: "127.0.0.1:6379" and "'port' => 6379" in the example
become that server's address and port. An example fails on a non-zero exit
status, anything on stderr (a warning, notice or deprecation, an uncaught
exception) or a run longer than 30 s; the failure names the file and line where
the example starts, and PHP's "on line N" is translated to the line of the page.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';

$root = dirname(__DIR__, 2);
$host = rl_env('REDISLOCK_TEST_HOST');
$port = rl_env('REDISLOCK_TEST_PORT');

/** @return list<array{file: string, line: int, code: string}> the runnable examples of one page */
function runnable_examples(string $root, string $page): array
{
    $examples = [];
    $open = null;
    foreach (explode("\n", (string) file_get_contents("$root/$page")) as $i => $line) {
        if ($open === null && preg_match('/^(`{3,})\s*(\S.*)?$/', $line, $m)) {
            $words = preg_split('/\s+/', trim($m[2] ?? ''));
            $open = ['fence' => $m[1], 'runnable' => ($words[0] ?? '') === 'php' && in_array('runnable', $words, true),
                     'line' => $i + 2, 'code' => ''];
        } elseif ($open !== null && rtrim($line) === $open['fence']) {
            if ($open['runnable']) {
                $examples[] = ['file' => $page, 'line' => $open['line'], 'code' => $open['code']];
            }
            $open = null;
        } elseif ($open !== null) {
            $open['code'] .= $line . "\n";
        }
    }
    return $examples;
}

$pages = ['README.md'];
foreach (glob("$root/docs/*.md") as $file) {
    $pages[] = 'docs/' . basename($file);
}
$examples = [];
foreach ($pages as $page) {
    array_push($examples, ...runnable_examples($root, $page));
}

$dir = sys_get_temp_dir() . '/redislock-docs-' . getmypid();
@mkdir($dir, 0700, true);
$failures = [];
foreach ($examples as $n => $ex) {
    $where = "{$ex['file']}:{$ex['line']}";
    $code = str_replace(['127.0.0.1:6379', "'port' => 6379"], ["$host:$port", "'port' => $port"], $ex['code']);
    $script = "$dir/example$n.php";
    // The first line of the example is line 2 of the script; an example that opens
    // with its own "<?php" line starts one line further down the page.
    $skip = preg_match('/^<\?php\s*\n/', $code) ? 1 : 0;
    file_put_contents($script, "<?php\n" . preg_replace('/^<\?php\s*\n/', '', $code));
    $cmd = [PHP_BINARY, '-n', '-d', 'extension=' . rq_extension_path(), '-d', 'error_reporting=-1',
            '-d', 'display_errors=stderr', '-d', 'log_errors=0', '-d', 'html_errors=0', $script];
    $proc = proc_open($cmd, [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, $dir);
    fclose($pipes[0]);
    stream_set_blocking($pipes[1], false);
    stream_set_blocking($pipes[2], false);
    $out = ['', ''];
    $deadline = microtime(true) + 30;
    $open = [1 => $pipes[1], 2 => $pipes[2]];
    while ($open && microtime(true) < $deadline) {
        $r = array_values($open);
        $w = $e = null;
        stream_select($r, $w, $e, 0, 100000);
        foreach ($open as $i => $pipe) {
            $chunk = fread($pipe, 65536);
            if ($chunk !== false && $chunk !== '') {
                $out[$i - 1] .= $chunk;
            } elseif (feof($pipe)) {
                unset($open[$i]);
            }
        }
    }
    if ($open) {
        proc_terminate($proc, 9);
    }
    fclose($pipes[1]);
    fclose($pipes[2]);
    $status = proc_close($proc);
    $page_line = fn ($m) => $ex['file'] . ':' . ($ex['line'] + $skip + (int) $m[1] - 2);
    $err = preg_replace_callback('/ in ' . preg_quote($script, '/') . '(?: on line |:)(\d+)/',
        fn ($m) => ' at ' . $page_line($m), $out[1]);
    $err = preg_replace_callback('/' . preg_quote($script, '/') . '\((\d+)\)/', $page_line, $err);
    if ($open) {
        $failures[] = "$where: still running after 30 s";
    } elseif ($status !== 0 || trim($err) !== '') {
        $failures[] = "$where: exit status $status" . (trim($err) === '' ? '' : ', stderr: ' . trim($err));
    }
    unlink($script);
}
@rmdir($dir);

echo 'runnable examples: ', count($examples) >= 8 ? 'at least 8' : count($examples), "\n";
echo 'in README.md: ', count(array_filter($examples, fn ($e) => $e['file'] === 'README.md')) >= 2 ? 'the quickstart' : 'none', "\n";
echo $failures ? "FAILED:\n" . implode("\n", $failures) . "\n" : "all ran\n";
?>
--EXPECT--
runnable examples: at least 8
in README.md: the quickstart
all ran
