// Codex's circuit breaker for automatic reviews: a turn whose actions the reviewer keeps denying (3 in a
// row, or 10 of the last 50 reviews) is interrupted, so the agent does not keep proposing variations of
// what was refused. Failed or timed-out reviews are not denials; they only break a run of them.
const MAX_CONSECUTIVE = 3;
const MAX_RECENT = 10;
const WINDOW = 50;

export class DenialBreaker {
  private consecutive = 0;
  private readonly recent: boolean[] = [];
  private tripped = false;

  /** Records a review's outcome; returns the message to interrupt the turn with, once, when it trips. */
  record(denied: boolean): string | undefined {
    this.consecutive = denied ? this.consecutive + 1 : 0;
    this.recent.push(denied);
    if (this.recent.length > WINDOW) this.recent.shift();
    const recentDenials = this.recent.filter(Boolean).length;
    if (this.tripped || (this.consecutive < MAX_CONSECUTIVE && recentDenials < MAX_RECENT)) return undefined;
    this.tripped = true;
    return (
      `Automatic approval review rejected too many approval requests for this turn ` +
      `(${this.consecutive} consecutive, ${recentDenials} in the last ${WINDOW} reviews); interrupting the turn.`
    );
  }
}
