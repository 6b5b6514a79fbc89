--TEST--
RedisQueue: pop(), top() and reserve() return entries of a fixed shape, or false, or a list of them
--DESCRIPTION--
RedisQueue: pop/top with count 1 return ['id' => string, 'score' => float],
reserve ['id' => string, 'score' => float, 'receipt' => string, 'attempts' =>
int], or false; with count > 1 a list of those, [] when nothing is due
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue();
$name = rl_name();

function shape(mixed $v): string
{
    if ($v === false) return 'false';
    if (!is_array($v)) return get_debug_type($v);
    if (array_keys($v) === ['id', 'score']) {
        return is_string($v['id']) && is_float($v['score']) ? 'task' : 'bad task ' . var_export($v, true);
    }
    if (array_keys($v) === ['id', 'score', 'receipt', 'attempts']) {
        return is_string($v['id']) && is_float($v['score']) && is_string($v['receipt']) && $v['receipt'] !== ''
            && $v['attempts'] === 1 ? 'reservation' : 'bad reservation ' . var_export($v, true);
    }
    if (!array_is_list($v)) return 'not a list: ' . var_export($v, true);
    return '[' . implode(', ', array_map('shape', $v)) . ']';
}

echo "empty queue\n";
foreach (['pop', 'top', 'reserve'] as $m) {
    echo "$m(1): ", shape($q->$m($name)), "\n";
    echo "$m(1) explicit: ", shape($q->$m($name, 1)), "\n";
    echo "$m(3): ", shape($q->$m($name, 3)), "\n";
}
var_dump($q->pop($name, 2) === [], $q->top($name, 2) === [], $q->reserve($name, 2) === []);

echo "three tasks\n";
$q->enqueue($name, [42, 'x', 'y']);
echo "top(1): ", shape($q->top($name)), "\n";
echo "top(2): ", shape($q->top($name, 2)), "\n";
echo "top(5): ", shape($q->top($name, 5)), "\n";
// An int id comes back as its decimal string.
var_dump($q->top($name)['id']);
echo "pop(1): ", shape($t = $q->pop($name)), "\n";
var_dump($t['id']);
echo "reserve(1): ", shape($q->reserve($name)), "\n";
echo "pop(5): ", shape($q->pop($name, 5)), "\n";
echo "pop(1) when empty: ", shape($q->pop($name)), "\n";
echo "pop(5) when empty: ", shape($q->pop($name, 5)), "\n";
$q->enqueue($name, ['a', 'b']);
echo "reserve(5): ", shape($q->reserve($name, 5)), "\n";
echo "reserve(5) when empty: ", shape($q->reserve($name, 5)), "\n";
var_dump($q->size($name));
?>
--EXPECT--
empty queue
pop(1): false
pop(1) explicit: false
pop(3): []
top(1): false
top(1) explicit: false
top(3): []
reserve(1): false
reserve(1) explicit: false
reserve(3): []
bool(true)
bool(true)
bool(true)
three tasks
top(1): task
top(2): [task, task]
top(5): [task, task, task]
string(2) "42"
pop(1): task
string(2) "42"
reserve(1): reservation
pop(5): [task]
pop(1) when empty: false
pop(5) when empty: []
reserve(5): [reservation, reservation]
reserve(5) when empty: []
array(4) {
  ["due"]=>
  int(0)
  ["delayed"]=>
  int(0)
  ["inflight"]=>
  int(3)
  ["dead"]=>
  int(0)
}
