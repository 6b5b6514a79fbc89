--TEST--
tools/gen-scripts: an include brings only the helpers its script uses, lines in place; it refuses an include a script uses nothing of and a helper no script uses
--DESCRIPTION--
On a scratch copy of ext/lua (tools/gen-scripts --root): the tree as it is
generates, and its bodies equal the committed ones; each generated body keeps
every line of its .lua file on its line (a Lua error's user_script:N is line N),
and every helper it defines on an include's line is named elsewhere in the body
(a helper nothing calls is not sent); a script given an include it uses nothing
of fails, naming the script and the include; a common file given a helper no
script calls fails, naming the helper; a helper called only by a kept helper is
kept
--FILE--
<?php
$root = dirname(__DIR__, 2);
$tmp = sys_get_temp_dir() . '/rl-gen-' . getmypid();
exec('rm -rf ' . escapeshellarg($tmp) . ' && mkdir -p ' . escapeshellarg("$tmp/ext") . ' && cp -r '
    . escapeshellarg("$root/ext/lua") . ' ' . escapeshellarg("$root/ext/redislock_queue_int.h") . ' ' . escapeshellarg("$tmp/ext/"));

/** Runs the generator on the scratch tree: [exit code, stderr]. */
function gen(string $tmp, string $root): array
{
    $p = proc_open([PHP_BINARY, "$root/tools/gen-scripts", "--root=$tmp"], [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
    stream_get_contents($pipes[1]);
    $err = stream_get_contents($pipes[2]);
    return [proc_close($p), $err];
}
/** The bodies of a generated bodies header, by script name. */
function bodies(string $file): array
{
    preg_match_all('/redislock_script_(\w+) = \{"[^"]*",\n(.*?),\n\t\d+, "/s', file_get_contents($file), $m, PREG_SET_ORDER);
    $out = [];
    foreach ($m as [, $name, $c]) {
        $lines = [];
        foreach (explode("\n", $c) as $l) {
            $lines[] = stripcslashes(substr(trim($l), 1, -3));
        }
        $out[$name] = $lines;
    }
    return $out;
}

[$rc, $err] = gen($tmp, $root);
echo "the tree generates: ", $rc === 0 ? 'yes' : "no ($err)", "\n";
$bodies = bodies("$tmp/ext/redislock_scripts_gen_bodies.h");
echo "the same bodies as committed: ", var_export($bodies === bodies("$root/ext/redislock_scripts_gen_bodies.h") && count($bodies) > 40, true), "\n";

$misplaced = $unused = [];
foreach (glob("$root/ext/lua/*/*.lua") as $file) {
    $name = basename($file, '.lua');
    if (basename(dirname($file)) === 'common') {
        continue;
    }
    $src = file($file, FILE_IGNORE_NEW_LINES);
    while ($src && trim(end($src)) === '') {
        array_pop($src);
    }
    $body = $bodies[$name] ?? [];
    if (count($body) !== count($src)) {
        $misplaced[] = "$name: " . count($body) . ' lines for ' . count($src);
        continue;
    }
    $text = implode("\n", $body);
    foreach ($src as $i => $line) {
        $included = preg_match('/^--#include /', $line);
        /* A line of the script's own is its text without comment and indentation. */
        if (!$included && $i > 1 && $body[$i] !== '' && !str_starts_with(trim($line), $body[$i])) {
            $misplaced[] = "$name:" . ($i + 1);
        }
        if ($included) {
            preg_match_all('/local function (\w+)\(/', $body[$i], $defs);
            foreach ($defs[1] as $helper) {
                if (preg_match_all('/(?<![\w.:])' . $helper . '\b/', $text) < 2) {
                    $unused[] = "$name: $helper";
                }
            }
        }
    }
}
echo "every line in its place: ", $misplaced ? implode(', ', $misplaced) : 'yes', "\n";
echo "every helper sent is named: ", $unused ? implode(', ', $unused) : 'yes', "\n";

/* An include the script uses nothing of. */
$ttl = "$tmp/ext/lua/lock/ttl.lua";
$saved = file_get_contents($ttl);
file_put_contents($ttl, $saved . "--#include \"common/chunked.lua\"\n");
[$rc, $err] = gen($tmp, $root);
echo "unused include: exit $rc, names both: ", var_export(str_contains($err, 'lock/ttl.lua') && str_contains($err, 'common/chunked.lua'), true), "\n";
file_put_contents($ttl, $saved);

/* A helper no script uses, and one called only by a helper some script keeps. */
$common = "$tmp/ext/lua/common/chunked.lua";
$saved = file_get_contents($common);
file_put_contents($common, $saved . "local function never_called_x(n)\n  return n\nend\n");
[$rc, $err] = gen($tmp, $root);
echo "unused helper: exit $rc, names it: ", var_export(str_contains($err, 'never_called_x'), true), "\n";
file_put_contents($common, "local function inner_x(n) return n end\n" . str_replace('local n = 0', 'local n = inner_x(0)', $saved));
[$rc, $err] = gen($tmp, $root);
$enqueue = implode("\n", bodies("$tmp/ext/redislock_scripts_gen_bodies.h")['enqueue'] ?? []);
echo "a helper's helper: exit $rc, kept: ", var_export(str_contains($enqueue, 'local function inner_x(n)'), true), "\n";
exec('rm -rf ' . escapeshellarg($tmp));
?>
--EXPECT--
the tree generates: yes
the same bodies as committed: true
every line in its place: yes
every helper sent is named: yes
unused include: exit 1, names both: true
unused helper: exit 1, names it: true
a helper's helper: exit 0, kept: true
