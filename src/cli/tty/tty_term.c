/* Raw terminal mode and key reading (see tty_term.h). */
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include "tty_term.h"

static struct termios saved;
static volatile sig_atomic_t raw_on, screen_on;

static void restore(void)
{
    if (raw_on)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved);
    if (screen_on) {
        static const char leave[] = "\033[?25h\033[?1049l";
        if (write(STDOUT_FILENO, leave, sizeof leave - 1) < 0) {
            /* nothing more can be done on the way out */
        }
    }
    raw_on = screen_on = 0;
}

/* a resize interrupts the wait for a key, so that the screen is drawn again at the new size */
static void on_resize(int sig) { (void)sig; }

static void on_signal(int sig)
{
    restore();
    signal(sig, SIG_DFL);
    raise(sig);
}

void tty_term_open(void)
{
    static bool hooked;
    if (!hooked) {
        atexit(restore);
        signal(SIGINT, on_signal);
        signal(SIGTERM, on_signal);
        signal(SIGHUP, on_signal);
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_resize; /* no SA_RESTART: poll returns */
        sigemptyset(&sa.sa_mask);
        sigaction(SIGWINCH, &sa, NULL);
        hooked = true;
    }
    if (isatty(STDIN_FILENO) && tcgetattr(STDIN_FILENO, &saved) == 0) {
        struct termios raw = saved;
        /* no ISIG: Ctrl-C arrives as a key (3), so that quitting keeps the record */
        raw.c_lflag &= ~(tcflag_t)(ICANON | ECHO | ISIG);
        raw.c_cc[VMIN] = 1;
        raw.c_cc[VTIME] = 0;
        if (tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0)
            raw_on = 1;
    }
    if (isatty(STDOUT_FILENO)) {
        fputs("\033[?1049h\033[?25l", stdout);
        fflush(stdout);
        screen_on = 1;
    }
}

void tty_term_close(void) { restore(); }

static int read_byte(int timeout_ms)
{
    struct pollfd p = {.fd = STDIN_FILENO, .events = POLLIN};
    int r = poll(&p, 1, timeout_ms);
    if (r == 0)
        return TTY_KEY_TIMEOUT;
    if (r < 0)
        return TTY_KEY_OTHER; /* a signal (a resize): the caller redraws and asks again */
    unsigned char c;
    ssize_t got = read(STDIN_FILENO, &c, 1);
    return got == 1 ? c : TTY_KEY_EOF;
}

int tty_term_key(int timeout_ms)
{
    int c = read_byte(timeout_ms);
    if (c != 0x1b)
        return c;
    /* an escape sequence arrives at once; a lone ESC does not continue */
    int next = read_byte(30);
    if (next == '[' || next == 'O') {
        while ((c = read_byte(30)) >= 0 && !(c >= 0x40 && c <= 0x7e))
            ;
    }
    return TTY_KEY_OTHER;
}

void tty_term_size(int *cols, int *rows)
{
    struct winsize ws;
    *cols = 80;
    *rows = 24;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 && ws.ws_row > 0) {
        *cols = ws.ws_col;
        *rows = ws.ws_row;
    }
}
