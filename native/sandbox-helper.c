/*
 * codex-ts-sandbox-helper: the sandbox used when bubblewrap is missing or unusable. Built at install
 * time with the machine's C compiler (scripts/build-native-helpers.mjs); no download.
 *
 *   codex-ts-sandbox-helper [--seccomp FILE] [--write PATH]... [--ro PATH]... [--mask PATH]... -- CMD [ARG]...
 *
 * In order: die with the parent, own session; with --ro/--mask, a private mount namespace (a user
 * namespace too when not root) where each --ro path is bound read-only onto itself and each --mask path
 * (which does not exist) gets an empty read-only directory; then drop every capability, Landlock (every
 * write refused except under the --write paths; reads and execution stay free; the mounts can no longer
 * be changed), no_new_privs, the seccomp program from FILE (the same bytes bwrap would get), and exec.
 * Landlock alone cannot protect a path below a writable one: it only grants. Any failure exits 126
 * without running the command.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <linux/filter.h>
#include <linux/landlock.h>
#include <linux/seccomp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Older kernel headers lack the later Landlock bits; the values are fixed by the kernel ABI. */
#ifndef LANDLOCK_ACCESS_FS_REFER
#define LANDLOCK_ACCESS_FS_REFER (1ULL << 13)
#endif
#ifndef LANDLOCK_ACCESS_FS_TRUNCATE
#define LANDLOCK_ACCESS_FS_TRUNCATE (1ULL << 14)
#endif
#ifndef SYS_landlock_create_ruleset
#define SYS_landlock_create_ruleset 444
#define SYS_landlock_add_rule 445
#define SYS_landlock_restrict_self 446
#endif

#define MAX_WRITE_PATHS 4096
#define MAX_FILTER_BYTES (4096 * 8)

static void die(const char *what) {
  fprintf(stderr, "codex-ts-sandbox-helper: %s: %s\n", what, strerror(errno));
  exit(126);
}

static void fail(const char *what) {
  fprintf(stderr, "codex-ts-sandbox-helper: %s\n", what);
  exit(126);
}

/* Write-type rights this kernel's Landlock knows, by ABI version. */
static __u64 handled_rights(int abi) {
  __u64 rights = LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_REMOVE_DIR |
                 LANDLOCK_ACCESS_FS_REMOVE_FILE | LANDLOCK_ACCESS_FS_MAKE_CHAR |
                 LANDLOCK_ACCESS_FS_MAKE_DIR | LANDLOCK_ACCESS_FS_MAKE_REG |
                 LANDLOCK_ACCESS_FS_MAKE_SOCK | LANDLOCK_ACCESS_FS_MAKE_FIFO |
                 LANDLOCK_ACCESS_FS_MAKE_BLOCK | LANDLOCK_ACCESS_FS_MAKE_SYM;
  if (abi >= 2) rights |= LANDLOCK_ACCESS_FS_REFER;
  if (abi >= 3) rights |= LANDLOCK_ACCESS_FS_TRUNCATE;
  return rights;
}

static void write_file(const char *path, const char *text) {
  int fd = open(path, O_WRONLY | O_CLOEXEC);
  if (fd < 0) die(path);
  if (write(fd, text, strlen(text)) != (ssize_t)strlen(text)) die(path);
  close(fd);
}

/* A mount namespace of our own; as a non-root user that takes a user namespace mapping us to ourselves. */
static void private_mounts(void) {
  if (unshare(CLONE_NEWNS) != 0) {
    if (errno != EPERM) die("unshare(CLONE_NEWNS)");
    uid_t uid = getuid();
    gid_t gid = getgid();
    if (unshare(CLONE_NEWUSER | CLONE_NEWNS) != 0) die("unshare(CLONE_NEWUSER | CLONE_NEWNS)");
    char map[64];
    write_file("/proc/self/setgroups", "deny");
    snprintf(map, sizeof map, "%u %u 1\n", uid, uid);
    write_file("/proc/self/uid_map", map);
    snprintf(map, sizeof map, "%u %u 1\n", gid, gid);
    write_file("/proc/self/gid_map", map);
  }
  /* Nothing we mount may propagate back to the host. */
  if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0) die("make / private");
}

static void bind_read_only(const char *path) {
  if (mount(path, path, NULL, MS_BIND | MS_REC, NULL) != 0) die(path);
  if (mount(NULL, path, NULL, MS_BIND | MS_REMOUNT | MS_RDONLY, NULL) != 0) die(path);
}

static void drop_capabilities(void) {
  /* The bounding set needs CAP_SETPCAP, which only root has; for others there is nothing to drop. */
  for (int cap = 0; cap <= 63; cap++) {
    if (prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0 && errno != EINVAL && errno != EPERM) die("PR_CAPBSET_DROP");
  }
  prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
  struct __user_cap_header_struct header = {_LINUX_CAPABILITY_VERSION_3, 0};
  struct __user_cap_data_struct data[2];
  memset(data, 0, sizeof data);
  if (syscall(SYS_capset, &header, data) != 0) die("capset");
}

static void restrict_writes(char **paths, int count) {
  int abi = (int)syscall(SYS_landlock_create_ruleset, NULL, 0, LANDLOCK_CREATE_RULESET_VERSION);
  if (abi < 1) die("Landlock is not available (landlock_create_ruleset)");
  struct landlock_ruleset_attr attr = {.handled_access_fs = handled_rights(abi)};
  int ruleset = (int)syscall(SYS_landlock_create_ruleset, &attr, sizeof attr, 0);
  if (ruleset < 0) die("landlock_create_ruleset");
  __u64 file_rights = LANDLOCK_ACCESS_FS_WRITE_FILE | (abi >= 3 ? LANDLOCK_ACCESS_FS_TRUNCATE : 0);
  for (int i = 0; i < count; i++) {
    int fd = open(paths[i], O_PATH | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) {
      if (errno == ENOENT || errno == ELOOP) continue; /* gone, or a symlink: grant nothing */
      die(paths[i]);
    }
    struct stat st;
    if (fstat(fd, &st) != 0) die("fstat");
    struct landlock_path_beneath_attr rule = {
        .allowed_access = S_ISDIR(st.st_mode) ? attr.handled_access_fs : file_rights,
        .parent_fd = fd,
    };
    if (syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &rule, 0) != 0) die(paths[i]);
    close(fd);
  }
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) die("PR_SET_NO_NEW_PRIVS");
  if (syscall(SYS_landlock_restrict_self, ruleset, 0) != 0) die("landlock_restrict_self");
  close(ruleset);
}

static unsigned char filter_bytes[MAX_FILTER_BYTES];
static ssize_t filter_length = 0;

/* Read first, while we may still open our parent's /proc/PID/fd entry (capabilities are dropped later). */
static void read_seccomp(const char *file) {
  unsigned char *bytes = filter_bytes;
  int fd = open(file, O_RDONLY | O_CLOEXEC);
  if (fd < 0) die(file);
  ssize_t total = 0, got;
  while ((got = read(fd, bytes + total, sizeof filter_bytes - (size_t)total)) > 0) total += got;
  if (got < 0) die("read seccomp filter");
  close(fd);
  if (total == 0 || total % 8 != 0) fail("the seccomp filter is empty or not a whole number of instructions");
  filter_length = total;
}

static void install_seccomp(void) {
  struct sock_fprog prog = {.len = (unsigned short)(filter_length / 8), .filter = (struct sock_filter *)filter_bytes};
  if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog, 0, 0) != 0) die("PR_SET_SECCOMP");
}

int main(int argc, char **argv) {
  static char *writes[MAX_WRITE_PATHS];
  static char *read_only[MAX_WRITE_PATHS];
  static char *masked[MAX_WRITE_PATHS];
  int write_count = 0, read_only_count = 0, masked_count = 0;
  const char *seccomp_file = NULL;
  int i = 1;
  for (; i < argc; i++) {
    if (strcmp(argv[i], "--") == 0) {
      i++;
      break;
    }
    if (i + 1 >= argc) fail("an option is missing its value");
    if (strcmp(argv[i], "--seccomp") == 0) {
      seccomp_file = argv[++i];
    } else if (strcmp(argv[i], "--write") == 0) {
      if (write_count == MAX_WRITE_PATHS) fail("too many --write paths");
      writes[write_count++] = argv[++i];
    } else if (strcmp(argv[i], "--ro") == 0) {
      if (read_only_count == MAX_WRITE_PATHS) fail("too many --ro paths");
      read_only[read_only_count++] = argv[++i];
    } else if (strcmp(argv[i], "--mask") == 0) {
      if (masked_count == MAX_WRITE_PATHS) fail("too many --mask paths");
      masked[masked_count++] = argv[++i];
    } else {
      fprintf(stderr, "codex-ts-sandbox-helper: unknown option %s\n", argv[i]);
      return 126;
    }
  }
  if (i >= argc) fail("usage: codex-ts-sandbox-helper [--seccomp FILE] [--write PATH]... -- COMMAND [ARG]...");
  if (seccomp_file != NULL) read_seccomp(seccomp_file);
  if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0) die("PR_SET_PDEATHSIG");
  if (getppid() == 1) fail("the parent is gone");
  setsid(); /* fails only when already a group leader; the command still gets no terminal injection then */
  if (read_only_count + masked_count > 0) {
    /* The placeholder is made on the host, before the namespace: a harmless empty directory, as with bwrap. */
    for (int m = 0; m < masked_count; m++) {
      if (mkdir(masked[m], 0755) != 0 && errno != EEXIST) die(masked[m]);
    }
    private_mounts();
    for (int r = 0; r < read_only_count; r++) bind_read_only(read_only[r]);
    for (int m = 0; m < masked_count; m++) bind_read_only(masked[m]);
  }
  drop_capabilities();
  restrict_writes(writes, write_count);
  if (filter_length > 0) install_seccomp();
  execvp(argv[i], argv + i);
  fprintf(stderr, "codex-ts-sandbox-helper: %s: %s\n", argv[i], strerror(errno));
  return 127;
}
