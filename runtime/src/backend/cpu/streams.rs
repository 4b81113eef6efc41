//! Streams and events of the CPU device.
//!
//! A created stream is a queue with one worker thread that runs its operations (kernel
//! launches, copies, fills, event records, event waits) in order; the API call that adds
//! one returns at once. The null stream is not a queue: its operations run on the calling
//! thread after every blocking stream has drained, which is HIP's legacy default-stream
//! rule (work on the null stream waits for earlier work on blocking streams, and later work
//! on them waits for it, trivially, because it is already done). Non-blocking streams
//! (`hipStreamNonBlocking`) are not waited for. The per-thread default stream also runs on
//! the calling thread, waiting for nothing.
//!
//! An operation that fails on a worker (a fiber stack that cannot be allocated) leaves its
//! error on the stream; the next synchronisation with that stream returns it.

use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Instant;

use crate::error::RuntimeError;
use crate::sync::{lock, wait};

/// One queued operation.
pub(crate) type Task = Box<dyn FnOnce() -> Result<(), RuntimeError> + Send>;

/// What a stream's queue holds.
enum Work {
    Task(Task),
    /// An event record: completed under the queue's lock, together with the stream's own
    /// count, so that no thread sees the event done and the stream still busy, or the
    /// other way round.
    Record(Arc<Event>, u64),
}

struct Queue {
    tasks: VecDeque<Work>,
    submitted: u64,
    completed: u64,
    error: Option<RuntimeError>,
    closed: bool,
}

pub(crate) struct Stream {
    /// `hipStreamDefault` streams synchronise with the null stream; non-blocking ones not.
    pub(crate) blocking: bool,
    queue: Mutex<Queue>,
    changed: Condvar,
    worker: Mutex<Option<std::thread::JoinHandle<()>>>,
}

impl Stream {
    pub(crate) fn new(blocking: bool) -> Result<Arc<Stream>, RuntimeError> {
        let stream = Arc::new(Stream {
            blocking,
            queue: Mutex::new(Queue {
                tasks: VecDeque::new(),
                submitted: 0,
                completed: 0,
                error: None,
                closed: false,
            }),
            changed: Condvar::new(),
            worker: Mutex::new(None),
        });
        let for_worker = Arc::clone(&stream);
        let worker = std::thread::Builder::new()
            .name("oxhip-stream".to_owned())
            .spawn(move || for_worker.work())
            .map_err(|error| RuntimeError::Internal {
                reason: format!("cannot start a stream worker thread: {error}"),
            })?;
        *lock(&stream.worker) = Some(worker);
        Ok(stream)
    }

    fn work(&self) {
        loop {
            let task = {
                let mut queue = lock(&self.queue);
                loop {
                    match queue.tasks.pop_front() {
                        Some(Work::Task(task)) => break task,
                        Some(Work::Record(event, sequence)) => {
                            queue.completed += 1;
                            event.complete(sequence);
                            self.changed.notify_all();
                            continue;
                        }
                        None => {}
                    }
                    if queue.closed {
                        return;
                    }
                    queue = wait(&self.changed, queue);
                }
            };
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(task))
                .unwrap_or_else(|_| {
                    Err(RuntimeError::Internal {
                        reason: "panic in a stream operation".to_owned(),
                    })
                });
            let mut queue = lock(&self.queue);
            queue.completed += 1;
            if let Err(error) = result {
                queue.error.get_or_insert(error);
            }
            self.changed.notify_all();
        }
    }

    /// Queues `task`; fails once the stream is being destroyed (another thread's
    /// `hipStreamDestroy` got there first), as its worker may already have stopped.
    pub(crate) fn submit(&self, task: Task) -> Result<(), RuntimeError> {
        let mut queue = self.open_queue()?;
        queue.tasks.push_back(Work::Task(task));
        queue.submitted += 1;
        self.changed.notify_all();
        Ok(())
    }

    /// The queue, locked, unless the stream is closed: nothing may be added then, because
    /// nothing would run it and a wait for it would never end.
    fn open_queue(&self) -> Result<MutexGuard<'_, Queue>, RuntimeError> {
        let queue = lock(&self.queue);
        if queue.closed {
            return Err(RuntimeError::InvalidHandle {
                what: "stream (destroyed)",
            });
        }
        Ok(queue)
    }

    /// Waits for everything submitted so far; returns (and clears) a failure of it.
    pub(crate) fn wait(&self) -> Result<(), RuntimeError> {
        let mut queue = self.drain();
        queue.error.take().map_or(Ok(()), Err)
    }

    /// Waits for everything submitted so far, leaving a failure for the next [`Stream::wait`].
    pub(crate) fn wait_idle(&self) {
        drop(self.drain());
    }

    fn drain(&self) -> MutexGuard<'_, Queue> {
        let mut queue = lock(&self.queue);
        let target = queue.submitted;
        while queue.completed < target {
            queue = wait(&self.changed, queue);
        }
        queue
    }

    pub(crate) fn is_idle(&self) -> bool {
        let queue = lock(&self.queue);
        queue.completed == queue.submitted
    }

    /// Drains the queue and stops the worker. Work queued by other threads while it drains
    /// still runs; once it is closed, nothing more can be queued.
    pub(crate) fn close(&self) -> Result<(), RuntimeError> {
        let result = {
            let mut queue = self.drain();
            queue.closed = true;
            queue.error.take().map_or(Ok(()), Err)
        };
        self.changed.notify_all();
        if let Some(worker) = lock(&self.worker).take() {
            let _ = worker.join();
        }
        result
    }
}

struct Marks {
    /// Records issued and records that have taken place; the event is complete when equal.
    recorded: u64,
    completed: u64,
    time: Option<Instant>,
}

pub(crate) struct Event {
    marks: Mutex<Marks>,
    changed: Condvar,
}

impl Event {
    pub(crate) fn new() -> Arc<Event> {
        Arc::new(Event {
            marks: Mutex::new(Marks {
                recorded: 0,
                completed: 0,
                time: None,
            }),
            changed: Condvar::new(),
        })
    }

    /// Records the event now (null stream, after the caller has waited for what it must).
    pub(crate) fn record_now(&self) {
        let mut marks = lock(&self.marks);
        marks.recorded += 1;
        marks.completed = marks.recorded;
        marks.time = Some(Instant::now());
        self.changed.notify_all();
    }

    /// Records the event when `stream` reaches this point. The record is counted and queued
    /// under the stream's lock (taken before the event's, as the worker does), so that a
    /// record on a stream being destroyed is neither counted nor queued.
    pub(crate) fn record_on(self: &Arc<Event>, stream: &Stream) -> Result<(), RuntimeError> {
        let mut queue = stream.open_queue()?;
        let sequence = {
            let mut marks = lock(&self.marks);
            marks.recorded += 1;
            marks.recorded
        };
        queue
            .tasks
            .push_back(Work::Record(Arc::clone(self), sequence));
        queue.submitted += 1;
        stream.changed.notify_all();
        Ok(())
    }

    /// The `sequence`-th record takes place now.
    fn complete(&self, sequence: u64) {
        let mut marks = lock(&self.marks);
        if sequence > marks.completed {
            marks.completed = sequence;
            marks.time = Some(Instant::now());
        }
        self.changed.notify_all();
    }

    /// The number of records issued so far, for [`Event::wait_for`].
    pub(crate) fn recorded(&self) -> u64 {
        lock(&self.marks).recorded
    }

    /// Waits until the `sequence`-th record has taken place.
    pub(crate) fn wait_for(&self, sequence: u64) {
        let mut marks = lock(&self.marks);
        while marks.completed < sequence {
            marks = wait(&self.changed, marks);
        }
    }

    /// Waits for the latest record.
    pub(crate) fn wait(&self) {
        let sequence = self.recorded();
        self.wait_for(sequence);
    }

    pub(crate) fn is_complete(&self) -> bool {
        let marks = lock(&self.marks);
        marks.completed >= marks.recorded
    }

    /// When the latest record took place; `Err(NotReady)` while it is pending, `Ok(None)`
    /// if the event was never recorded.
    pub(crate) fn time(&self) -> Result<Option<Instant>, RuntimeError> {
        let marks = lock(&self.marks);
        if marks.completed < marks.recorded {
            return Err(RuntimeError::NotReady);
        }
        Ok(marks.time)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU32, Ordering};
    use std::time::Duration;

    #[test]
    fn operations_run_in_order_after_submit_returns() {
        let stream = Stream::new(true).unwrap();
        let log = Arc::new(Mutex::new(Vec::new()));
        let gate = Arc::new((Mutex::new(false), Condvar::new()));
        {
            let gate = Arc::clone(&gate);
            stream
                .submit(Box::new(move || {
                    let (open, changed) = &*gate;
                    let mut open = lock(open);
                    while !*open {
                        open = changed.wait(open).unwrap();
                    }
                    Ok(())
                }))
                .unwrap();
        }
        for index in 0..5 {
            let log = Arc::clone(&log);
            stream
                .submit(Box::new(move || {
                    lock(&log).push(index);
                    Ok(())
                }))
                .unwrap();
        }
        // The first task blocks, so nothing has run: submit did not wait.
        assert!(!stream.is_idle());
        assert!(lock(&log).is_empty());
        *lock(&gate.0) = true;
        gate.1.notify_all();
        stream.wait().unwrap();
        assert_eq!(*lock(&log), [0, 1, 2, 3, 4]);
        stream.close().unwrap();
    }

    #[test]
    fn a_failure_is_reported_once_at_the_next_wait() {
        let stream = Stream::new(false).unwrap();
        stream
            .submit(Box::new(|| {
                Err(RuntimeError::InvalidValue { argument: "x" })
            }))
            .unwrap();
        let ran = Arc::new(AtomicU32::new(0));
        let counter = Arc::clone(&ran);
        stream
            .submit(Box::new(move || {
                counter.fetch_add(1, Ordering::SeqCst);
                Ok(())
            }))
            .unwrap();
        assert!(stream.wait().is_err());
        assert_eq!(ran.load(Ordering::SeqCst), 1);
        assert!(stream.wait().is_ok());
        stream.close().unwrap();
    }

    #[test]
    fn a_completed_event_never_leaves_its_stream_busy() {
        let stream = Stream::new(true).unwrap();
        for _ in 0..500 {
            let event = Event::new();
            stream.submit(Box::new(|| Ok(()))).unwrap();
            event.record_on(&stream).unwrap();
            event.wait();
            assert!(stream.is_idle());
            event.record_on(&stream).unwrap();
            stream.wait().unwrap();
            assert!(event.is_complete());
        }
        stream.close().unwrap();
    }

    #[test]
    fn events_complete_when_their_stream_gets_there() {
        let stream = Stream::new(true).unwrap();
        let event = Event::new();
        stream
            .submit(Box::new(|| {
                std::thread::sleep(Duration::from_millis(50));
                Ok(())
            }))
            .unwrap();
        event.record_on(&stream).unwrap();
        assert!(!event.is_complete());
        assert!(matches!(event.time(), Err(RuntimeError::NotReady)));
        event.wait();
        assert!(event.is_complete());
        assert!(event.time().unwrap().is_some());
        stream.close().unwrap();
    }

    #[test]
    fn nothing_is_queued_on_a_destroyed_stream() {
        let stream = Stream::new(true).unwrap();
        stream.close().unwrap();
        assert!(stream.submit(Box::new(|| Ok(()))).is_err());
        let event = Event::new();
        assert!(event.record_on(&stream).is_err());
        // The refused record was not counted: the event is not left pending.
        assert!(event.is_complete());
        stream.wait().unwrap();
    }

    /// Threads queue work and records on a stream while another destroys it: every call
    /// either queues work that then runs or is refused, and no wait is left hanging.
    #[test]
    fn destroying_a_stream_while_others_queue_on_it() {
        for _ in 0..50 {
            let stream = Stream::new(true).unwrap();
            let ran = Arc::new(AtomicU32::new(0));
            let queued = Arc::new(AtomicU32::new(0));
            std::thread::scope(|scope| {
                for _ in 0..4 {
                    let (stream, ran, queued) = (&stream, &ran, &queued);
                    scope.spawn(move || {
                        let event = Event::new();
                        for _ in 0..100 {
                            let ran = Arc::clone(ran);
                            let task = Box::new(move || {
                                ran.fetch_add(1, Ordering::SeqCst);
                                Ok(())
                            });
                            if stream.submit(task).is_ok() {
                                queued.fetch_add(1, Ordering::SeqCst);
                            }
                            let _ = event.record_on(stream);
                            event.wait();
                        }
                        stream.wait_idle();
                    });
                }
                scope.spawn(|| {
                    std::thread::yield_now();
                    stream.close().unwrap();
                });
            });
            assert_eq!(ran.load(Ordering::SeqCst), queued.load(Ordering::SeqCst));
        }
    }
}
