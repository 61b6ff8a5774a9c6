"""The browser tests wait on the page with functions, never with bare expressions.

The site's CSP has no 'unsafe-eval'. Playwright's `wait_for_function` with an expression
("a !== b") evaluates it with eval as soon as it has to poll. The call passes when the
expression is already true at the first check, and fails with an EvalError when the page
is slower than usual. That made CI flaky. A function's text ("x => a !== x", "() => ...")
is compiled once outside the page's CSP and polls fine."""

import ast
import re
from pathlib import Path

E2E = Path(__file__).resolve().parent.parent / "e2e"
FUNCTION = re.compile(r"\s*(async\s+)?(\(|[A-Za-z_$][\w$]*\s*=>|function\b)")


def _expressions(tree: ast.Module) -> list[tuple[int, str]]:
    # A module's own constants (e.g. friends_driver.TAKEN) are looked up by name.
    constants = {target.id: node.value.value for node in tree.body if isinstance(node, ast.Assign)
                 and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
                 for target in node.targets if isinstance(target, ast.Name)}
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "wait_for_function" and node.args):
            continue
        first = node.args[0]
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            text = first.value
        elif isinstance(first, ast.JoinedStr):  # an f-string: its text before the first placeholder
            lead = first.values[0] if first.values else None
            text = lead.value if isinstance(lead, ast.Constant) else ""
        elif isinstance(first, ast.Name) and first.id in constants:
            text = constants[first.id]
        else:
            continue  # built at run time: not checked
        if not FUNCTION.match(text):
            found.append((node.lineno, text[:60]))
    return found


def test_the_check_tells_a_function_from_an_expression():
    tree = ast.parse('p.wait_for_function("a !== 1")\np.wait_for_function(f"x.y === {z}")\n'
                     'p.wait_for_function("save => save !== 1", arg=1)\np.wait_for_function("() => true")\n'
                     'p.wait_for_function("""async (ms) => 1""")\nBAD = "x === 1"\nGOOD = "() => 1"\n'
                     'p.wait_for_function(BAD)\np.wait_for_function(GOOD)\n')
    assert [line for line, _ in _expressions(tree)] == [1, 2, 8]


def test_every_wait_for_function_in_the_browser_tests_is_given_a_function():
    found = [f"{path.name}:{line}: {text}" for path in sorted(E2E.glob("*.py"))
             for line, text in _expressions(ast.parse(path.read_text(encoding="utf-8")))]
    assert not found, "wait_for_function with an expression (eval, blocked by the CSP):\n" + "\n".join(found)
