"""What scripts/elo-predict.py and elo-levels.py share: the 95% factor, the one-line refusal
and the way they run."""
import os
import sys

Z = 1.96


def fail(message):
    """One error line, named by the script, and exit 2, as tabula refuses bad input."""
    print(f"{os.path.basename(sys.argv[0])}: {message}", file=sys.stderr)
    sys.exit(2)


def run(main):
    """Runs `main`, a file that cannot be read refused in one line."""
    try:
        main()
    except OSError as error:
        fail(f"{error.filename}: {error.strerror}")
