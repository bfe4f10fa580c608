// queue.js: the animation queue. Each step the server tells of becomes one
// item, played in order: play(item) starts its motion and answers
// {done: a promise, finish(): end it at once}. A sync jumps: what waits is
// dropped and the running item ends at once. In real time (Paku Paku) the
// queue never falls behind: an item arriving while another plays ends that
// one and drops the rest, so the page jumps to the newest state.
export class Queue {
  constructor(play) {
    this.play = play;
    this.items = [];
    this.running = null;
    this.realTime = false;
    this.onIdle = null; // called each time the last item is over
  }

  add(item) {
    if (this.realTime) this.jump();
    this.items.push(item);
    this.next();
  }

  jump() {
    this.items = [];
    if (this.running && !this.running.ending) {
      this.running.ending = true;
      this.running.finish();
    }
  }

  get idle() { return !this.running && !this.items.length; }

  next() {
    if (this.running || !this.items.length) return;
    const run = this.play(this.items.shift());
    this.running = run;
    run.done.then(() => {
      this.running = null;
      if (!this.items.length && this.onIdle) this.onIdle();
      this.next();
    });
  }
}
