--TEST--
RedisSemaphore: names with NUL bytes, braces, "%", CRLF and UTF-8 work for acquire, count, extend and release, each on its own key "Semaphore:<name>"
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$base = rl_name();
$sem = sem_new();
foreach (["nul\0byte", '{a}b', '}{', '100%', "cr\r\nlf", 'ünïcödé', ' '] as $suffix) {
    $name = "$base:$suffix";
    $t = $sem->acquire($name, 2, 0, 10, 2);
    $own = $raw->call('ZSCORE', sem_key($name), (string) $t) !== null;
    $full = $sem->acquire($name, 2);
    printf("%s: acquire %s, own key %s, full %s, count %d, extend %s, release %s, gone %s\n", json_encode($suffix),
        sem_yes(is_string($t)), sem_yes($own), sem_yes($full === false), $sem->count($name),
        sem_yes($sem->extend($name, (string) $t, 5)), sem_yes($sem->release($name, (string) $t)),
        sem_yes($raw->call('EXISTS', sem_key($name)) === 0));
}
?>
--EXPECT--
"nul\u0000byte": acquire yes, own key yes, full yes, count 2, extend yes, release yes, gone yes
"{a}b": acquire yes, own key yes, full yes, count 2, extend yes, release yes, gone yes
"}{": acquire yes, own key yes, full yes, count 2, extend yes, release yes, gone yes
"100%": acquire yes, own key yes, full yes, count 2, extend yes, release yes, gone yes
"cr\r\nlf": acquire yes, own key yes, full yes, count 2, extend yes, release yes, gone yes
"\u00fcn\u00efc\u00f6d\u00e9": acquire yes, own key yes, full yes, count 2, extend yes, release yes, gone yes
" ": acquire yes, own key yes, full yes, count 2, extend yes, release yes, gone yes
