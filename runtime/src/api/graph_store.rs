//! The graphs, their nodes and their executable forms, in one store: what `graph` (the
//! `hipGraph*` calls) and `capture` (stream capture, which builds graphs) both work on.
//! Neither of them is needed here, so they do not depend on each other through it.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, LazyLock, Mutex, MutexGuard};

use crate::api::ops::Operation;
use crate::error::{HipError, RuntimeError};

pub(crate) struct Node {
    pub(crate) graph: usize,
    pub(crate) operation: Operation,
    pub(crate) dependencies: Vec<usize>,
    /// The node this one was cloned from (`hipGraphNodeFindInClone`).
    pub(crate) origin: Option<usize>,
}

pub(crate) struct Exec {
    pub(crate) operations: Arc<Vec<Operation>>,
    /// The graph node each operation came from, in the same order.
    pub(crate) nodes: Vec<usize>,
    pub(crate) enabled: Vec<bool>,
    pub(crate) flags: u64,
    /// The end of the latest launch. As in CUDA, a launch comes after the previous launches
    /// of the same executable graph, on whatever stream or thread they were made: it waits
    /// for this event (recorded at the end of each launch) when the previous launch went to
    /// another stream. The lock is held for the whole launch, so launches from several
    /// threads queue their work one after the other.
    pub(crate) last_launch: Arc<Mutex<Option<LastLaunch>>>,
}

/// Where an executable graph was last launched, and the backend event that marks its end.
#[derive(Clone, Copy)]
pub(crate) struct LastLaunch {
    pub(crate) device: usize,
    pub(crate) stream: usize,
    pub(crate) event: usize,
}

pub(crate) struct Store {
    pub(crate) next: usize,
    /// Graph → its nodes in creation order.
    pub(crate) graphs: HashMap<usize, Vec<usize>>,
    pub(crate) nodes: HashMap<usize, Node>,
    pub(crate) execs: HashMap<usize, Exec>,
}

pub(crate) static STORE: LazyLock<Mutex<Store>> = LazyLock::new(|| {
    Mutex::new(Store {
        next: 0x6a00,
        graphs: HashMap::new(),
        nodes: HashMap::new(),
        execs: HashMap::new(),
    })
});

pub(crate) fn lock() -> MutexGuard<'static, Store> {
    crate::sync::lock(&STORE)
}

impl Store {
    pub(crate) fn handle(&mut self) -> usize {
        self.next += 0x10;
        self.next
    }

    pub(crate) fn graph(&self, graph: usize) -> Result<&Vec<usize>, RuntimeError> {
        self.graphs
            .get(&graph)
            .ok_or(RuntimeError::InvalidValue { argument: "graph" })
    }

    pub(crate) fn node(&self, node: usize) -> Result<&Node, RuntimeError> {
        self.nodes
            .get(&node)
            .ok_or(RuntimeError::InvalidValue { argument: "node" })
    }

    pub(crate) fn node_mut(&mut self, node: usize) -> Result<&mut Node, RuntimeError> {
        self.nodes
            .get_mut(&node)
            .ok_or(RuntimeError::InvalidValue { argument: "node" })
    }

    pub(crate) fn add(
        &mut self,
        graph: usize,
        operation: Operation,
        dependencies: &[usize],
    ) -> Result<usize, RuntimeError> {
        self.graph(graph)?;
        let mut unique = Vec::with_capacity(dependencies.len());
        for dependency in dependencies {
            if self.node(*dependency)?.graph != graph || unique.contains(dependency) {
                return Err(RuntimeError::InvalidValue {
                    argument: "pDependencies",
                });
            }
            unique.push(*dependency);
        }
        let node = self.handle();
        self.nodes.insert(
            node,
            Node {
                graph,
                operation,
                dependencies: unique,
                origin: None,
            },
        );
        if let Some(nodes) = self.graphs.get_mut(&graph) {
            nodes.push(node);
        }
        Ok(node)
    }

    /// The graph's nodes as (node, dependencies) in creation order.
    pub(crate) fn edges(&self, graph: usize) -> Result<Vec<(usize, Vec<usize>)>, RuntimeError> {
        self.graph(graph)?
            .iter()
            .map(|node| Ok((*node, self.node(*node)?.dependencies.clone())))
            .collect()
    }

    /// The graph's nodes in an order that respects every dependency.
    pub(crate) fn ordered(&self, graph: usize) -> Result<Vec<usize>, RuntimeError> {
        topological_order(&self.edges(graph)?).map_err(|node| {
            RuntimeError::status(
                HipError::ErrorInvalidValue,
                format!("graph {graph:#x} has a cycle through node {node:#x}"),
            )
        })
    }

    /// The graph's operations in dependency order, for a child graph or an instantiation.
    pub(crate) fn operations(
        &self,
        graph: usize,
    ) -> Result<(Vec<usize>, Vec<Operation>), RuntimeError> {
        let order = self.ordered(graph)?;
        let operations = order
            .iter()
            .map(|node| Ok(self.node(*node)?.operation.clone()))
            .collect::<Result<_, RuntimeError>>()?;
        Ok((order, operations))
    }
}

/// Orders `nodes` (each with its dependencies) so that every node follows its dependencies,
/// keeping the given order among nodes that are free to go; on a cycle, returns a node on it.
pub(crate) fn topological_order(nodes: &[(usize, Vec<usize>)]) -> Result<Vec<usize>, usize> {
    let position: HashMap<usize, usize> = nodes
        .iter()
        .enumerate()
        .map(|(index, (node, _))| (*node, index))
        .collect();
    let mut waiting: Vec<usize> = nodes
        .iter()
        .map(|(_, dependencies)| {
            dependencies
                .iter()
                .filter(|dependency| position.contains_key(dependency))
                .count()
        })
        .collect();
    let mut dependents: Vec<Vec<usize>> = vec![Vec::new(); nodes.len()];
    for (index, (_, dependencies)) in nodes.iter().enumerate() {
        for dependency in dependencies {
            if let Some(from) = position.get(dependency) {
                dependents[*from].push(index);
            }
        }
    }
    // Always take the earliest ready node, so independent nodes keep their order.
    let mut ready: std::collections::BTreeSet<usize> = waiting
        .iter()
        .enumerate()
        .filter(|(_, count)| **count == 0)
        .map(|(index, _)| index)
        .collect();
    let mut order = Vec::with_capacity(nodes.len());
    while let Some(index) = ready.pop_first() {
        order.push(nodes[index].0);
        for dependent in &dependents[index] {
            waiting[*dependent] -= 1;
            if waiting[*dependent] == 0 {
                ready.insert(*dependent);
            }
        }
    }
    if order.len() == nodes.len() {
        Ok(order)
    } else {
        let stuck = waiting.iter().position(|count| *count > 0).unwrap_or(0);
        Err(nodes[stuck].0)
    }
}

/// A new empty graph (for `capture`).
pub(crate) fn create() -> usize {
    let mut store = lock();
    let graph = store.handle();
    store.graphs.insert(graph, Vec::new());
    graph
}

/// Destroys a graph and its nodes.
pub(crate) fn destroy(graph: usize) {
    let mut store = lock();
    if let Some(nodes) = store.graphs.remove(&graph) {
        for node in nodes {
            store.nodes.remove(&node);
        }
    }
}

/// Adds a node (for `capture`).
pub(crate) fn add(
    graph: usize,
    operation: Operation,
    dependencies: &[usize],
) -> Result<usize, RuntimeError> {
    lock().add(graph, operation, dependencies)
}

/// The graph a node belongs to.
pub(crate) fn graph_of(node: usize) -> Option<usize> {
    lock().nodes.get(&node).map(|node| node.graph)
}

/// The nodes no other node depends on.
pub(crate) fn leaves(graph: usize) -> Vec<usize> {
    let store = lock();
    let Some(nodes) = store.graphs.get(&graph) else {
        return Vec::new();
    };
    let depended: HashSet<usize> = nodes
        .iter()
        .filter_map(|node| store.nodes.get(node))
        .flat_map(|node| node.dependencies.iter().copied())
        .collect();
    nodes
        .iter()
        .copied()
        .filter(|node| !depended.contains(node))
        .collect()
}
