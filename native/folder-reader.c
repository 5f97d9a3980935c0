/*
 * codex-ts-folder-reader: reads folders for the file search's walk on several threads. Built at install
 * time with the machine's C compiler (scripts/build-native-helpers.mjs); without it the walk reads in
 * Node as before.
 *
 *   codex-ts-folder-reader [THREADS]
 *
 * stdin: one request a line, `ID<TAB>REL<TAB>PATH`: REL is the byte offset in PATH where the folder's path
 * relative to the walk's root starts (PATH may hold anything but a newline). stdout: one record a folder,
 * in the order the reads finish:
 *
 *   ID \0 (folder-name \0)* \0 COUNT \0 FILE-LINES \0 (other-name \0)* \0
 *
 * FILE-LINES is the COUNT (decimal) plain files as listing lines, each the folder's relative path and the
 * file's name, ending in "\n" (empty for none): the caller keeps a folder's files as one string, as its
 * listing holds them, not a string each. "other" is anything else: symbolic links, entries whose kind the
 * file system does not give, a file whose name holds a newline, and hidden files (where the ignore files
 * are, so that the caller need not search the lines for them); the caller looks at those itself. A folder
 * that cannot be read is `!ID \0 \0 0 \0 \0 \0`. Names are the bytes the file system holds; "." and ".."
 * are left out. The helper ends at the end of stdin, once every request is answered, or when stdout is
 * closed; with status 2 on a line that is not a request or when it cannot start a thread or allocate.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <unistd.h>

struct request {
  struct request *next;
  char *line; /* "ID\tPATH", NUL-terminated */
};

static pthread_mutex_t queue_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t queue_ready = PTHREAD_COND_INITIALIZER;
static struct request *queue_head, *queue_tail;
static int input_done;
static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;

struct buffer {
  char *data;
  size_t len, cap;
};

static void put(struct buffer *b, const char *s, size_t n) {
  if (b->len + n > b->cap) {
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->len + n) cap *= 2;
    char *grown = realloc(b->data, cap);
    if (!grown) _exit(2);
    b->data = grown;
    b->cap = cap;
  }
  memcpy(b->data + b->len, s, n);
  b->len += n;
}

/* Writes the whole record, or ends the helper when the reader has gone. */
static void emit(const struct buffer *b) {
  pthread_mutex_lock(&out_lock);
  size_t done = 0;
  while (done < b->len) {
    ssize_t n = write(STDOUT_FILENO, b->data + done, b->len - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) _exit(0);
    done += (size_t)n;
  }
  pthread_mutex_unlock(&out_lock);
}

static void read_folder(const char *id, size_t id_len, const char *rel, const char *path,
                        struct buffer *groups[3], struct buffer *out) {
  out->len = 0;
  for (int g = 0; g < 3; g++) groups[g]->len = 0;
  DIR *dir = path ? opendir(path) : NULL;
  if (!dir) {
    put(out, "!", 1);
    put(out, id, id_len);
    put(out, "\0\0" "0\0\0\0", 6);
    emit(out);
    return;
  }
  struct buffer *folders = groups[0], *files = groups[1], *others = groups[2];
  unsigned long count = 0;
  size_t rel_len = strlen(rel);
  struct dirent *entry;
  errno = 0;
  while ((entry = readdir(dir))) {
    const char *name = entry->d_name;
    if (name[0] == '.' && (name[1] == 0 || (name[1] == '.' && name[2] == 0))) continue;
    size_t len = strlen(name);
    if (entry->d_type == DT_DIR) {
      put(folders, name, len + 1);
    } else if (entry->d_type == DT_REG && name[0] != '.' && !memchr(name, '\n', len)) {
      count++;
      put(files, rel, rel_len);
      put(files, name, len);
      put(files, "\n", 1);
    } else {
      put(others, name, len + 1);
    }
  }
  int failed = errno != 0; /* readdir ends with NULL on an error too: a folder read in part is unreadable */
  closedir(dir);
  if (failed) {
    out->len = 0;
    put(out, "!", 1);
    put(out, id, id_len);
    put(out, "\0\0" "0\0\0\0", 6);
    emit(out);
    return;
  }
  char number[32];
  int number_len = snprintf(number, sizeof number, "%lu", count);
  put(out, id, id_len);
  put(out, "", 1);
  put(out, folders->data ? folders->data : "", folders->len);
  put(out, "", 1);
  put(out, number, (size_t)number_len + 1);
  put(out, files->data ? files->data : "", files->len);
  put(out, "", 1);
  put(out, others->data ? others->data : "", others->len);
  put(out, "", 1);
  emit(out);
}

static void *worker(void *unused) {
  (void)unused;
  struct buffer dirs = {0}, files = {0}, others = {0}, out = {0};
  struct buffer *groups[3] = {&dirs, &files, &others};
  for (;;) {
    pthread_mutex_lock(&queue_lock);
    while (!queue_head && !input_done) pthread_cond_wait(&queue_ready, &queue_lock);
    struct request *req = queue_head;
    if (req) {
      queue_head = req->next;
      if (!queue_head) queue_tail = NULL;
    }
    pthread_mutex_unlock(&queue_lock);
    if (!req) return NULL;
    /* ID, the offset of the relative path, the path; with a bad offset or path, the folder is unreadable. */
    char *tab = strchr(req->line, '\t');
    char *end = NULL;
    unsigned long offset = tab ? strtoul(tab + 1, &end, 10) : 0;
    if (!tab) {
      _exit(2); /* not a request, so no id to answer: the caller sees the helper end and reads on its own */
    } else if (end && *end == '\t' && offset <= strlen(end + 1)) {
      read_folder(req->line, (size_t)(tab - req->line), end + 1 + offset, end + 1, groups, &out);
    } else {
      read_folder(req->line, (size_t)(tab - req->line), "", NULL, groups, &out);
    }
    free(req->line);
    free(req);
  }
}

int main(int argc, char **argv) {
#ifdef __linux__
  prctl(PR_SET_PDEATHSIG, SIGKILL); /* a parent killed outright leaves no reader behind */
#endif
  signal(SIGPIPE, SIG_IGN);
  int threads = argc > 1 ? atoi(argv[1]) : 2;
  if (threads < 1 || threads > 64) threads = 2;
  pthread_t ids[64];
  int started = 0;
  while (started < threads && pthread_create(&ids[started], NULL, worker, NULL) == 0) started++;
  if (started == 0) return 2;
  char *line = NULL;
  size_t cap = 0;
  ssize_t n;
  while ((n = getline(&line, &cap, stdin)) > 0) {
    if (line[n - 1] == '\n') line[--n] = 0;
    struct request *req = malloc(sizeof *req);
    if (!req) return 2;
    req->line = strdup(line);
    if (!req->line) return 2;
    req->next = NULL;
    pthread_mutex_lock(&queue_lock);
    if (queue_tail) queue_tail->next = req;
    else queue_head = req;
    queue_tail = req;
    pthread_cond_signal(&queue_ready);
    pthread_mutex_unlock(&queue_lock);
  }
  pthread_mutex_lock(&queue_lock);
  input_done = 1;
  pthread_cond_broadcast(&queue_ready);
  pthread_mutex_unlock(&queue_lock);
  for (int i = 0; i < started; i++) pthread_join(ids[i], NULL);
  return 0;
}
