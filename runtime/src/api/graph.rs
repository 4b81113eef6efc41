//! Graphs (`hipGraph*`), implemented by the runtime on both backends rather than through
//! the CUDA driver's graphs.
//!
//! A graph is a set of nodes, each an `Operation` with the nodes it depends on; it is
//! built explicitly (`hipGraphAdd*Node`) or by stream capture (`capture`). Instantiating it
//! checks for cycles and fixes an order in which every node comes after its dependencies
//! (`topological_order`); a launch runs the operations in that order on the launch
//! stream, so the stream's ordering provides every dependency (and nothing runs in
//! parallel inside one launch). Kernel nodes own a copy of their arguments, taken when the
//! node is made, as HIP specifies.
//!
//! Handles (`hipGraph_t`, `hipGraphNode_t`, `hipGraphExec_t`) are numbers from one counter,
//! never addresses: a stale or mixed-up handle is an error, not a crash.

use std::collections::HashMap;
use std::ffi::{c_char, c_void, CStr};
use std::sync::Arc;

use crate::api::graph_store::{
    create, destroy, lock, topological_order, Exec, LastLaunch, Node, Store,
};
use crate::api::ops::{self, Fill3D, HostOp, KernelOp, Operation};
use crate::api::{call, non_null, HipStream};
use crate::backend;
use crate::error::{HipError, RuntimeError};
use crate::types::{HostNodeParams, KernelNodeParams, Memcpy3DParms, MemsetParams};

pub type HipGraph = *mut c_void;
pub type HipGraphNode = *mut c_void;
pub type HipGraphExec = *mut c_void;

/// Reads `count` node handles from a C array (NULL allowed when `count` is 0).
///
/// # Safety
/// `nodes` must be NULL or hold `count` readable handles.
unsafe fn node_list(nodes: *const HipGraphNode, count: usize) -> Result<Vec<usize>, RuntimeError> {
    if count == 0 {
        return Ok(Vec::new());
    }
    non_null(nodes, "pDependencies")?;
    // SAFETY: the caller promises `count` readable handles.
    Ok(unsafe { std::slice::from_raw_parts(nodes, count) }
        .iter()
        .map(|node| *node as usize)
        .collect())
}

/// Writes up to `*count` handles of `items` into `out` (NULL-filling the rest), or only the
/// number when `out` is NULL; `*count` becomes the number of items.
///
/// # Safety
/// `count` must be writable; `out`, when not NULL, must hold `*count` writable handles.
unsafe fn write_list(
    items: &[usize],
    out: *mut HipGraphNode,
    count: *mut usize,
) -> Result<(), RuntimeError> {
    non_null(count, "numNodes")?;
    if !out.is_null() {
        // SAFETY: `count` checked non-null; the caller promises it readable.
        let capacity = unsafe { count.read() };
        for index in 0..capacity {
            let value = items.get(index).copied().unwrap_or(0) as HipGraphNode;
            // SAFETY: `out` holds `capacity` writable handles (contract).
            unsafe { out.add(index).write(value) };
        }
    }
    // SAFETY: as above.
    unsafe { count.write(items.len()) };
    Ok(())
}

/// Writes one handle to a non-NULL out-pointer.
fn write_handle(out: *mut *mut c_void, handle: usize) {
    // SAFETY: every caller checked `out` non-null; the program promises it writable.
    unsafe { out.write(handle as *mut c_void) };
}

fn kernel_node_operation(params: &KernelNodeParams) -> Result<Operation, RuntimeError> {
    if params.func.is_null() {
        return Err(RuntimeError::UnknownKernel { handle: 0 });
    }
    let (backend, device) = backend::current()?;
    let packed = if params.extra.is_null() {
        None
    } else {
        // SAFETY: HIP's contract for `extra`: a key/value array ended by the END key.
        Some(unsafe { crate::api::module::packed_arguments(params.extra) }?)
    };
    if packed.is_some() && !params.kernelParams.is_null() {
        return Err(RuntimeError::InvalidValue {
            argument: "kernelParams and extra",
        });
    }
    // SAFETY: HIP's contract for `kernelParams`: one pointer per kernel parameter.
    unsafe {
        ops::kernel_operation(
            backend,
            device,
            params.func as usize,
            params.gridDim,
            params.blockDim,
            params.kernelParams,
            packed,
            params.sharedMemBytes as usize,
            false,
        )
    }
}

fn memset_node_operation(params: &MemsetParams) -> Result<Operation, RuntimeError> {
    Fill3D::new_2d(
        params.dst,
        params.pitch,
        params.value,
        params.elementSize as usize,
        params.width,
        params.height,
    )
    .and_then(|fill| {
        let (backend, device) = crate::backend::current()?;
        ops::check_fill(backend, device, &fill)?;
        Ok(Operation::Fill(fill))
    })
}

fn host_node_operation(params: &HostNodeParams) -> Result<Operation, RuntimeError> {
    let function = params
        .r#fn
        .ok_or(RuntimeError::InvalidValue { argument: "fn" })?;
    Ok(Operation::Host(HostOp {
        function,
        data: params.userData,
    }))
}

fn copy_node_operation(params: &Memcpy3DParms) -> Result<Operation, RuntimeError> {
    ops::copy_plan(params)?;
    let (backend, device) = crate::backend::current()?;
    ops::check_copy(backend, device, params)?;
    Ok(Operation::Copy(*params))
}

/// Adds a node made by `build` to `graph` after `count` dependencies at `dependencies`.
///
/// # Safety
/// `node` must be NULL or writable; `dependencies` NULL or `count` readable handles.
unsafe fn add_node(
    node: *mut HipGraphNode,
    graph: HipGraph,
    dependencies: *const HipGraphNode,
    count: usize,
    build: impl FnOnce() -> Result<Operation, RuntimeError>,
) -> Result<(), RuntimeError> {
    non_null(node, "pGraphNode")?;
    // SAFETY: forwarded from this function's contract.
    let dependencies = unsafe { node_list(dependencies, count) }?;
    lock().graph(graph as usize)?;
    let operation = build()?;
    let added = lock().add(graph as usize, operation, &dependencies)?;
    write_handle(node, added);
    Ok(())
}

/// # Safety
/// `graph` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphCreate(graph: *mut HipGraph, flags: u32) -> HipError {
    call("hipGraphCreate", || {
        non_null(graph, "pGraph")?;
        if flags != 0 {
            return Err(RuntimeError::InvalidValue { argument: "flags" });
        }
        write_handle(graph, create());
        Ok(())
    })
}

/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipGraphDestroy(graph: HipGraph) -> HipError {
    call("hipGraphDestroy", || {
        lock().graph(graph as usize)?;
        destroy(graph as usize);
        Ok(())
    })
}

/// Kernel node: the arguments are copied now (`kernelParams`, one pointer per parameter,
/// or the packed `extra` buffer).
///
/// # Safety
/// As HIP documents; `params` must be NULL or readable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphAddKernelNode(
    node: *mut HipGraphNode,
    graph: HipGraph,
    dependencies: *const HipGraphNode,
    count: usize,
    params: *const KernelNodeParams,
) -> HipError {
    call("hipGraphAddKernelNode", || {
        non_null(params, "pNodeParams")?;
        // SAFETY: checked non-null; the caller promises it readable.
        let params = unsafe { params.read() };
        // SAFETY: forwarded from this function's contract.
        unsafe {
            add_node(node, graph, dependencies, count, || {
                kernel_node_operation(&params)
            })
        }
    })
}

/// # Safety
/// As HIP documents; `params` must be NULL or readable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphAddMemcpyNode(
    node: *mut HipGraphNode,
    graph: HipGraph,
    dependencies: *const HipGraphNode,
    count: usize,
    params: *const Memcpy3DParms,
) -> HipError {
    call("hipGraphAddMemcpyNode", || {
        non_null(params, "pCopyParams")?;
        // SAFETY: checked non-null; the caller promises it readable.
        let params = unsafe { params.read() };
        // SAFETY: forwarded from this function's contract.
        unsafe {
            add_node(node, graph, dependencies, count, || {
                copy_node_operation(&params)
            })
        }
    })
}

/// # Safety
/// As HIP documents.
#[no_mangle]
pub unsafe extern "C" fn hipGraphAddMemcpyNode1D(
    node: *mut HipGraphNode,
    graph: HipGraph,
    dependencies: *const HipGraphNode,
    count: usize,
    dst: *mut c_void,
    src: *const c_void,
    bytes: usize,
    kind: i32,
) -> HipError {
    call("hipGraphAddMemcpyNode1D", || {
        let params = ops::linear_copy(dst, src, bytes, kind);
        // SAFETY: forwarded from this function's contract.
        unsafe {
            add_node(node, graph, dependencies, count, || {
                copy_node_operation(&params)
            })
        }
    })
}

/// # Safety
/// As HIP documents; `params` must be NULL or readable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphAddMemsetNode(
    node: *mut HipGraphNode,
    graph: HipGraph,
    dependencies: *const HipGraphNode,
    count: usize,
    params: *const MemsetParams,
) -> HipError {
    call("hipGraphAddMemsetNode", || {
        non_null(params, "pMemsetParams")?;
        // SAFETY: checked non-null; the caller promises it readable.
        let params = unsafe { params.read() };
        // SAFETY: forwarded from this function's contract.
        unsafe {
            add_node(node, graph, dependencies, count, || {
                memset_node_operation(&params)
            })
        }
    })
}

/// # Safety
/// As HIP documents; `params` must be NULL or readable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphAddHostNode(
    node: *mut HipGraphNode,
    graph: HipGraph,
    dependencies: *const HipGraphNode,
    count: usize,
    params: *const HostNodeParams,
) -> HipError {
    call("hipGraphAddHostNode", || {
        non_null(params, "pNodeParams")?;
        // SAFETY: checked non-null; the caller promises it readable.
        let params = unsafe { params.read() };
        // SAFETY: forwarded from this function's contract.
        unsafe {
            add_node(node, graph, dependencies, count, || {
                host_node_operation(&params)
            })
        }
    })
}

/// # Safety
/// As HIP documents.
#[no_mangle]
pub unsafe extern "C" fn hipGraphAddEmptyNode(
    node: *mut HipGraphNode,
    graph: HipGraph,
    dependencies: *const HipGraphNode,
    count: usize,
) -> HipError {
    call("hipGraphAddEmptyNode", || {
        // SAFETY: forwarded from this function's contract.
        unsafe { add_node(node, graph, dependencies, count, || Ok(Operation::Empty)) }
    })
}

/// A copy of `child` (as it is now) becomes one node.
///
/// # Safety
/// As HIP documents.
#[no_mangle]
pub unsafe extern "C" fn hipGraphAddChildGraphNode(
    node: *mut HipGraphNode,
    graph: HipGraph,
    dependencies: *const HipGraphNode,
    count: usize,
    child: HipGraph,
) -> HipError {
    call("hipGraphAddChildGraphNode", || {
        let build = || {
            let (_, operations) = lock().operations(child as usize)?;
            Ok(Operation::Graph(Arc::new(operations)))
        };
        // SAFETY: forwarded from this function's contract.
        unsafe { add_node(node, graph, dependencies, count, build) }
    })
}

fn live_event(event: *mut c_void) -> Result<usize, RuntimeError> {
    crate::api::live::event_device(event as crate::api::HipEvent).map(|(event, _, _)| event)
}

/// # Safety
/// As HIP documents.
#[no_mangle]
pub unsafe extern "C" fn hipGraphAddEventRecordNode(
    node: *mut HipGraphNode,
    graph: HipGraph,
    dependencies: *const HipGraphNode,
    count: usize,
    event: *mut c_void,
) -> HipError {
    call("hipGraphAddEventRecordNode", || {
        let event = live_event(event)?;
        // SAFETY: forwarded from this function's contract.
        unsafe {
            add_node(node, graph, dependencies, count, || {
                Ok(Operation::EventRecord(event))
            })
        }
    })
}

/// # Safety
/// As HIP documents.
#[no_mangle]
pub unsafe extern "C" fn hipGraphAddEventWaitNode(
    node: *mut HipGraphNode,
    graph: HipGraph,
    dependencies: *const HipGraphNode,
    count: usize,
    event: *mut c_void,
) -> HipError {
    call("hipGraphAddEventWaitNode", || {
        let event = live_event(event)?;
        // SAFETY: forwarded from this function's contract.
        unsafe {
            add_node(node, graph, dependencies, count, || {
                Ok(Operation::EventWait(event))
            })
        }
    })
}

/// Makes each `to[i]` depend on `from[i]`.
///
/// # Safety
/// `from` and `to` must be NULL or hold `count` readable handles.
#[no_mangle]
pub unsafe extern "C" fn hipGraphAddDependencies(
    graph: HipGraph,
    from: *const HipGraphNode,
    to: *const HipGraphNode,
    count: usize,
) -> HipError {
    call("hipGraphAddDependencies", || {
        // SAFETY: forwarded from this function's contract.
        let (from, to) = unsafe { (node_list(from, count)?, node_list(to, count)?) };
        let mut store = lock();
        store.graph(graph as usize)?;
        for (from, to) in from.iter().zip(&to) {
            let belongs = |node: usize| store.node(node).map(|node| node.graph);
            if belongs(*from)? != graph as usize || belongs(*to)? != graph as usize || from == to {
                return Err(RuntimeError::InvalidValue {
                    argument: "from/to",
                });
            }
            if store.node(*to)?.dependencies.contains(from) {
                return Err(RuntimeError::InvalidValue {
                    argument: "an existing dependency",
                });
            }
        }
        for (from, to) in from.into_iter().zip(to) {
            store.node_mut(to)?.dependencies.push(from);
        }
        Ok(())
    })
}

/// # Safety
/// `from` and `to` must be NULL or hold `count` readable handles.
#[no_mangle]
pub unsafe extern "C" fn hipGraphRemoveDependencies(
    graph: HipGraph,
    from: *const HipGraphNode,
    to: *const HipGraphNode,
    count: usize,
) -> HipError {
    call("hipGraphRemoveDependencies", || {
        // SAFETY: forwarded from this function's contract.
        let (from, to) = unsafe { (node_list(from, count)?, node_list(to, count)?) };
        let mut store = lock();
        store.graph(graph as usize)?;
        for (from, to) in from.iter().zip(&to) {
            let node = store.node(*to)?;
            if node.graph != graph as usize || !node.dependencies.contains(from) {
                return Err(RuntimeError::InvalidValue {
                    argument: "from/to",
                });
            }
        }
        for (from, to) in from.into_iter().zip(to) {
            store
                .node_mut(to)?
                .dependencies
                .retain(|node| *node != from);
        }
        Ok(())
    })
}

/// # Safety
/// `count` must be NULL or writable; `nodes` NULL or `*count` writable handles.
#[no_mangle]
pub unsafe extern "C" fn hipGraphGetNodes(
    graph: HipGraph,
    nodes: *mut HipGraphNode,
    count: *mut usize,
) -> HipError {
    call("hipGraphGetNodes", || {
        let list = lock().graph(graph as usize)?.clone();
        // SAFETY: forwarded from this function's contract.
        unsafe { write_list(&list, nodes, count) }
    })
}

/// # Safety
/// As for [`hipGraphGetNodes`].
#[no_mangle]
pub unsafe extern "C" fn hipGraphGetRootNodes(
    graph: HipGraph,
    nodes: *mut HipGraphNode,
    count: *mut usize,
) -> HipError {
    call("hipGraphGetRootNodes", || {
        let roots: Vec<usize> = lock()
            .edges(graph as usize)?
            .into_iter()
            .filter(|(_, dependencies)| dependencies.is_empty())
            .map(|(node, _)| node)
            .collect();
        // SAFETY: forwarded from this function's contract.
        unsafe { write_list(&roots, nodes, count) }
    })
}

/// # Safety
/// `count` must be NULL or writable; `from` and `to` NULL or `*count` writable handles.
#[no_mangle]
pub unsafe extern "C" fn hipGraphGetEdges(
    graph: HipGraph,
    from: *mut HipGraphNode,
    to: *mut HipGraphNode,
    count: *mut usize,
) -> HipError {
    call("hipGraphGetEdges", || {
        let edges: Vec<(usize, usize)> = lock()
            .edges(graph as usize)?
            .into_iter()
            .flat_map(|(node, dependencies)| {
                dependencies
                    .into_iter()
                    .map(move |dependency| (dependency, node))
            })
            .collect();
        if from.is_null() != to.is_null() {
            return Err(RuntimeError::InvalidValue {
                argument: "from/to",
            });
        }
        let sources: Vec<usize> = edges.iter().map(|(from, _)| *from).collect();
        let targets: Vec<usize> = edges.iter().map(|(_, to)| *to).collect();
        non_null(count, "numEdges")?;
        // SAFETY: checked non-null; the caller promises it readable.
        let capacity = unsafe { count.read() };
        // SAFETY: forwarded from this function's contract; the second call is given the
        // same capacity as the first.
        unsafe {
            write_list(&sources, from, count)?;
            count.write(capacity);
            write_list(&targets, to, count)
        }
    })
}

/// # Safety
/// `kind` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphNodeGetType(node: HipGraphNode, kind: *mut i32) -> HipError {
    call("hipGraphNodeGetType", || {
        non_null(kind, "pType")?;
        let value = lock().node(node as usize)?.operation.node_type();
        // SAFETY: checked non-null; the caller promises it writable.
        unsafe { kind.write(value) };
        Ok(())
    })
}

/// # Safety
/// As for [`hipGraphGetNodes`].
#[no_mangle]
pub unsafe extern "C" fn hipGraphNodeGetDependencies(
    node: HipGraphNode,
    dependencies: *mut HipGraphNode,
    count: *mut usize,
) -> HipError {
    call("hipGraphNodeGetDependencies", || {
        let list = lock().node(node as usize)?.dependencies.clone();
        // SAFETY: forwarded from this function's contract.
        unsafe { write_list(&list, dependencies, count) }
    })
}

/// # Safety
/// As for [`hipGraphGetNodes`].
#[no_mangle]
pub unsafe extern "C" fn hipGraphNodeGetDependentNodes(
    node: HipGraphNode,
    dependents: *mut HipGraphNode,
    count: *mut usize,
) -> HipError {
    call("hipGraphNodeGetDependentNodes", || {
        let store = lock();
        let graph = store.node(node as usize)?.graph;
        let list: Vec<usize> = store
            .edges(graph)?
            .into_iter()
            .filter(|(_, dependencies)| dependencies.contains(&(node as usize)))
            .map(|(dependent, _)| dependent)
            .collect();
        drop(store);
        // SAFETY: forwarded from this function's contract.
        unsafe { write_list(&list, dependents, count) }
    })
}

/// Removes a node and every dependency on it.
///
/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipGraphDestroyNode(node: HipGraphNode) -> HipError {
    call("hipGraphDestroyNode", || {
        let mut store = lock();
        let node = node as usize;
        let graph = store.node(node)?.graph;
        store.nodes.remove(&node);
        if let Some(nodes) = store.graphs.get_mut(&graph) {
            nodes.retain(|other| *other != node);
        }
        for other in store.nodes.values_mut() {
            other.dependencies.retain(|dependency| *dependency != node);
        }
        Ok(())
    })
}

/// # Safety
/// `clone` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphClone(clone: *mut HipGraph, graph: HipGraph) -> HipError {
    call("hipGraphClone", || {
        non_null(clone, "pGraphClone")?;
        let mut store = lock();
        let originals = store.graph(graph as usize)?.clone();
        let copy = store.handle();
        let mut mapping = HashMap::new();
        for original in &originals {
            let handle = store.handle();
            mapping.insert(*original, handle);
        }
        let mut nodes = Vec::with_capacity(originals.len());
        for original in originals {
            let source = store.node(original)?;
            let node = Node {
                graph: copy,
                operation: source.operation.clone(),
                dependencies: source
                    .dependencies
                    .iter()
                    .filter_map(|dependency| mapping.get(dependency).copied())
                    .collect(),
                origin: Some(original),
            };
            let handle = mapping[&original];
            store.nodes.insert(handle, node);
            nodes.push(handle);
        }
        store.graphs.insert(copy, nodes);
        write_handle(clone, copy);
        Ok(())
    })
}

/// # Safety
/// `node` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphNodeFindInClone(
    node: *mut HipGraphNode,
    original: HipGraphNode,
    clone: HipGraph,
) -> HipError {
    call("hipGraphNodeFindInClone", || {
        non_null(node, "pNode")?;
        let store = lock();
        let found = store
            .graph(clone as usize)?
            .iter()
            .copied()
            .find(|candidate| {
                store
                    .nodes
                    .get(candidate)
                    .is_some_and(|node| node.origin == Some(original as usize))
            })
            .ok_or(RuntimeError::InvalidValue {
                argument: "originalNode",
            })?;
        write_handle(node, found);
        Ok(())
    })
}

/// Reads a node's operation of the expected `hipGraphNodeType`.
fn node_operation(node: HipGraphNode, kind: i32) -> Result<Operation, RuntimeError> {
    let store = lock();
    let operation = &store.node(node as usize)?.operation;
    if operation.node_type() != kind {
        return Err(RuntimeError::InvalidValue { argument: "node" });
    }
    Ok(operation.clone())
}

/// Replaces a node's operation, which must be of the same kind.
fn set_node_operation(node: HipGraphNode, operation: Operation) -> Result<(), RuntimeError> {
    let mut store = lock();
    let slot = &mut store.node_mut(node as usize)?.operation;
    if slot.node_type() != operation.node_type() {
        return Err(RuntimeError::InvalidValue { argument: "node" });
    }
    *slot = operation;
    Ok(())
}

/// The kernelParams pointer stays valid until the node's parameters change.
///
/// # Safety
/// `params` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphKernelNodeGetParams(
    node: HipGraphNode,
    params: *mut KernelNodeParams,
) -> HipError {
    call("hipGraphKernelNodeGetParams", || {
        non_null(params, "pNodeParams")?;
        let store = lock();
        let Operation::Kernel(kernel) = &store.node(node as usize)?.operation else {
            return Err(RuntimeError::InvalidValue { argument: "node" });
        };
        let value = kernel_params(kernel);
        // SAFETY: checked non-null; the caller promises it writable.
        unsafe { params.write(value) };
        Ok(())
    })
}

fn kernel_params(kernel: &KernelOp) -> KernelNodeParams {
    KernelNodeParams {
        blockDim: kernel.block,
        extra: std::ptr::null_mut(),
        func: kernel.kernel as *mut c_void,
        gridDim: kernel.grid,
        kernelParams: kernel.arguments.params(),
        sharedMemBytes: kernel.shared_mem as u32,
    }
}

/// # Safety
/// `params` must be NULL or readable, with HIP's contract for its arguments.
#[no_mangle]
pub unsafe extern "C" fn hipGraphKernelNodeSetParams(
    node: HipGraphNode,
    params: *const KernelNodeParams,
) -> HipError {
    call("hipGraphKernelNodeSetParams", || {
        non_null(params, "pNodeParams")?;
        // SAFETY: checked non-null; the caller promises it readable.
        let params = unsafe { params.read() };
        set_node_operation(node, kernel_node_operation(&params)?)
    })
}

/// # Safety
/// `params` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphMemcpyNodeGetParams(
    node: HipGraphNode,
    params: *mut Memcpy3DParms,
) -> HipError {
    call("hipGraphMemcpyNodeGetParams", || {
        non_null(params, "pNodeParams")?;
        let Operation::Copy(copy) = node_operation(node, 1)? else {
            return Err(RuntimeError::InvalidValue { argument: "node" });
        };
        // SAFETY: checked non-null; the caller promises it writable.
        unsafe { params.write(copy) };
        Ok(())
    })
}

/// # Safety
/// `params` must be NULL or readable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphMemcpyNodeSetParams(
    node: HipGraphNode,
    params: *const Memcpy3DParms,
) -> HipError {
    call("hipGraphMemcpyNodeSetParams", || {
        non_null(params, "pNodeParams")?;
        // SAFETY: checked non-null; the caller promises it readable.
        let params = unsafe { params.read() };
        set_node_operation(node, copy_node_operation(&params)?)
    })
}

/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipGraphMemcpyNodeSetParams1D(
    node: HipGraphNode,
    dst: *mut c_void,
    src: *const c_void,
    bytes: usize,
    kind: i32,
) -> HipError {
    call("hipGraphMemcpyNodeSetParams1D", || {
        let params = ops::linear_copy(dst, src, bytes, kind);
        set_node_operation(node, copy_node_operation(&params)?)
    })
}

/// # Safety
/// `params` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphMemsetNodeGetParams(
    node: HipGraphNode,
    params: *mut MemsetParams,
) -> HipError {
    call("hipGraphMemsetNodeGetParams", || {
        non_null(params, "pNodeParams")?;
        let Operation::Fill(fill) = node_operation(node, 2)? else {
            return Err(RuntimeError::InvalidValue { argument: "node" });
        };
        let value = MemsetParams {
            dst: fill.fill.dst as *mut c_void,
            elementSize: fill.fill.element_size as u32,
            height: fill.fill.height,
            pitch: fill.fill.pitch,
            value: fill.fill.value,
            width: fill.fill.width,
        };
        // SAFETY: checked non-null; the caller promises it writable.
        unsafe { params.write(value) };
        Ok(())
    })
}

/// # Safety
/// `params` must be NULL or readable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphMemsetNodeSetParams(
    node: HipGraphNode,
    params: *const MemsetParams,
) -> HipError {
    call("hipGraphMemsetNodeSetParams", || {
        non_null(params, "pNodeParams")?;
        // SAFETY: checked non-null; the caller promises it readable.
        let params = unsafe { params.read() };
        set_node_operation(node, memset_node_operation(&params)?)
    })
}

/// # Safety
/// `params` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphHostNodeGetParams(
    node: HipGraphNode,
    params: *mut HostNodeParams,
) -> HipError {
    call("hipGraphHostNodeGetParams", || {
        non_null(params, "pNodeParams")?;
        let Operation::Host(host) = node_operation(node, 3)? else {
            return Err(RuntimeError::InvalidValue { argument: "node" });
        };
        let value = HostNodeParams {
            r#fn: Some(host.function),
            userData: host.data,
        };
        // SAFETY: checked non-null; the caller promises it writable.
        unsafe { params.write(value) };
        Ok(())
    })
}

/// # Safety
/// `params` must be NULL or readable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphHostNodeSetParams(
    node: HipGraphNode,
    params: *const HostNodeParams,
) -> HipError {
    call("hipGraphHostNodeSetParams", || {
        non_null(params, "pNodeParams")?;
        // SAFETY: checked non-null; the caller promises it readable.
        let params = unsafe { params.read() };
        set_node_operation(node, host_node_operation(&params)?)
    })
}

/// Instantiation flags HIP accepts: none, `AutoFreeOnLaunch` (1), `Upload` (2) and
/// `UseNodePriority` (8); `DeviceLaunch` (4) is not supported.
const INSTANTIATE_FLAGS: u64 = 1 | 2 | 8;

fn instantiate(graph: usize, flags: u64) -> Result<usize, (RuntimeError, Option<usize>)> {
    let mut store = lock();
    store.graph(graph).map_err(|error| (error, None))?;
    let (nodes, operations) = match store.operations(graph) {
        Ok(result) => result,
        Err(error) => {
            let cyclic = topological_order(&store.edges(graph).unwrap_or_default()).err();
            return Err((error, cyclic));
        }
    };
    let exec = store.handle();
    store.execs.insert(
        exec,
        Exec {
            enabled: vec![true; operations.len()],
            operations: Arc::new(operations),
            nodes,
            flags,
            last_launch: Arc::default(),
        },
    );
    Ok(exec)
}

/// # Safety
/// `exec` must be NULL or writable; `error_node` NULL or writable; `log` NULL or
/// `log_size` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn hipGraphInstantiate(
    exec: *mut HipGraphExec,
    graph: HipGraph,
    error_node: *mut HipGraphNode,
    log: *mut c_char,
    log_size: usize,
) -> HipError {
    call("hipGraphInstantiate", || {
        non_null(exec, "pGraphExec")?;
        match instantiate(graph as usize, 0) {
            Ok(handle) => {
                write_handle(exec, handle);
                Ok(())
            }
            Err((error, node)) => {
                if let (false, Some(node)) = (error_node.is_null(), node) {
                    write_handle(error_node, node);
                }
                if !log.is_null() && log_size > 0 {
                    // SAFETY: the caller promises `log_size` writable bytes.
                    let target = unsafe { std::slice::from_raw_parts_mut(log, log_size) };
                    crate::types::set_c_string(target, &error.to_string());
                }
                Err(error)
            }
        }
    })
}

/// # Safety
/// `exec` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphInstantiateWithFlags(
    exec: *mut HipGraphExec,
    graph: HipGraph,
    flags: u64,
) -> HipError {
    call("hipGraphInstantiateWithFlags", || {
        non_null(exec, "pGraphExec")?;
        if flags & !INSTANTIATE_FLAGS != 0 {
            return Err(RuntimeError::InvalidValue { argument: "flags" });
        }
        let handle = instantiate(graph as usize, flags).map_err(|(error, _)| error)?;
        write_handle(exec, handle);
        Ok(())
    })
}

/// Runs the graph's operations in dependency order on `stream` (as one child-graph node
/// when the stream is capturing).
///
/// # Safety
/// `stream` must be NULL or a live stream.
#[no_mangle]
pub unsafe extern "C" fn hipGraphLaunch(exec: HipGraphExec, stream: HipStream) -> HipError {
    call("hipGraphLaunch", || {
        let (operations, enabled, last_launch) = {
            let store = lock();
            let exec = store
                .execs
                .get(&(exec as usize))
                .ok_or(RuntimeError::InvalidValue {
                    argument: "graphExec",
                })?;
            (
                Arc::clone(&exec.operations),
                exec.enabled.clone(),
                Arc::clone(&exec.last_launch),
            )
        };
        let (backend, device, _in_use) = crate::api::live::stream_device(stream)?;
        if let Some(result) = crate::api::capture::record(stream as usize, || {
            let enabled = operations
                .iter()
                .zip(&enabled)
                .filter(|(_, enabled)| **enabled);
            Ok(Operation::Graph(Arc::new(
                enabled.map(|(operation, _)| operation.clone()).collect(),
            )))
        })
        .done()
        {
            return result;
        }
        let stream = stream as usize;
        let mut last = crate::sync::lock(&last_launch);
        if let Some(previous) = *last {
            if previous.stream != stream || previous.device != device {
                backend.stream_wait_event(device, stream, previous.event)?;
            }
        }
        for (operation, enabled) in operations.iter().zip(enabled) {
            if enabled {
                ops::execute(operation, backend, device, Some(stream))?;
            }
        }
        let event = match *last {
            Some(previous) if previous.device == device => previous.event,
            previous => {
                // hipEventDisableTiming.
                let event = backend.event_create(device, 2)?;
                if let Some(previous) = previous {
                    // Waits queued on it keep it until they are done.
                    let _ = backend.event_destroy(previous.device, previous.event);
                }
                event
            }
        };
        backend.event_record(device, event, stream)?;
        *last = Some(LastLaunch {
            device,
            stream,
            event,
        });
        Ok(())
    })
}

/// `hipDeviceReset`: the events marking the ends of the device's launches are destroyed.
pub(crate) fn forget_device(device: usize) {
    let execs: Vec<_> = lock()
        .execs
        .values()
        .map(|exec| Arc::clone(&exec.last_launch))
        .collect();
    for last_launch in execs {
        let mut last = crate::sync::lock(&last_launch);
        if let Some(ended) = last.take_if(|last| last.device == device) {
            let _ = backend::get().event_destroy(device, ended.event);
        }
    }
}

/// Nothing to upload: a launch reads the operations from host memory.
///
/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipGraphUpload(exec: HipGraphExec, stream: HipStream) -> HipError {
    call("hipGraphUpload", || {
        lock()
            .execs
            .get(&(exec as usize))
            .ok_or(RuntimeError::InvalidValue {
                argument: "graphExec",
            })?;
        crate::api::live::stream_device(stream).map(|_| ())
    })
}

/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipGraphExecDestroy(exec: HipGraphExec) -> HipError {
    call("hipGraphExecDestroy", || {
        let removed = lock()
            .execs
            .remove(&(exec as usize))
            .ok_or(RuntimeError::InvalidValue {
                argument: "graphExec",
            })?;
        // After any launch still queueing its work (which holds the lock).
        let last = crate::sync::lock(&removed.last_launch).take();
        if let Some(last) = last {
            backend::get().event_destroy(last.device, last.event)?;
        }
        Ok(())
    })
}

/// # Safety
/// `flags` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphExecGetFlags(exec: HipGraphExec, flags: *mut u64) -> HipError {
    call("hipGraphExecGetFlags", || {
        non_null(flags, "flags")?;
        let value = lock()
            .execs
            .get(&(exec as usize))
            .ok_or(RuntimeError::InvalidValue {
                argument: "graphExec",
            })?
            .flags;
        // SAFETY: checked non-null; the caller promises it writable.
        unsafe { flags.write(value) };
        Ok(())
    })
}

/// Replaces the operation of graph node `node` in an instantiated graph.
fn set_exec_operation(
    exec: HipGraphExec,
    node: HipGraphNode,
    operation: Operation,
) -> Result<(), RuntimeError> {
    let mut store = lock();
    let exec = store
        .execs
        .get_mut(&(exec as usize))
        .ok_or(RuntimeError::InvalidValue {
            argument: "hGraphExec",
        })?;
    let index = exec
        .nodes
        .iter()
        .position(|candidate| *candidate == node as usize)
        .ok_or(RuntimeError::InvalidValue { argument: "node" })?;
    let operations = Arc::make_mut(&mut exec.operations);
    if operations[index].node_type() != operation.node_type() {
        return Err(RuntimeError::InvalidValue { argument: "node" });
    }
    operations[index] = operation;
    Ok(())
}

/// # Safety
/// `params` must be NULL or readable, with HIP's contract for its arguments.
#[no_mangle]
pub unsafe extern "C" fn hipGraphExecKernelNodeSetParams(
    exec: HipGraphExec,
    node: HipGraphNode,
    params: *const KernelNodeParams,
) -> HipError {
    call("hipGraphExecKernelNodeSetParams", || {
        non_null(params, "pNodeParams")?;
        // SAFETY: checked non-null; the caller promises it readable.
        let params = unsafe { params.read() };
        set_exec_operation(exec, node, kernel_node_operation(&params)?)
    })
}

/// # Safety
/// `params` must be NULL or readable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphExecMemcpyNodeSetParams(
    exec: HipGraphExec,
    node: HipGraphNode,
    params: *const Memcpy3DParms,
) -> HipError {
    call("hipGraphExecMemcpyNodeSetParams", || {
        non_null(params, "pNodeParams")?;
        // SAFETY: checked non-null; the caller promises it readable.
        let params = unsafe { params.read() };
        set_exec_operation(exec, node, copy_node_operation(&params)?)
    })
}

/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipGraphExecMemcpyNodeSetParams1D(
    exec: HipGraphExec,
    node: HipGraphNode,
    dst: *mut c_void,
    src: *const c_void,
    bytes: usize,
    kind: i32,
) -> HipError {
    call("hipGraphExecMemcpyNodeSetParams1D", || {
        let params = ops::linear_copy(dst, src, bytes, kind);
        set_exec_operation(exec, node, copy_node_operation(&params)?)
    })
}

/// # Safety
/// `params` must be NULL or readable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphExecMemsetNodeSetParams(
    exec: HipGraphExec,
    node: HipGraphNode,
    params: *const MemsetParams,
) -> HipError {
    call("hipGraphExecMemsetNodeSetParams", || {
        non_null(params, "pNodeParams")?;
        // SAFETY: checked non-null; the caller promises it readable.
        let params = unsafe { params.read() };
        set_exec_operation(exec, node, memset_node_operation(&params)?)
    })
}

/// # Safety
/// `params` must be NULL or readable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphExecHostNodeSetParams(
    exec: HipGraphExec,
    node: HipGraphNode,
    params: *const HostNodeParams,
) -> HipError {
    call("hipGraphExecHostNodeSetParams", || {
        non_null(params, "pNodeParams")?;
        // SAFETY: checked non-null; the caller promises it readable.
        let params = unsafe { params.read() };
        set_exec_operation(exec, node, host_node_operation(&params)?)
    })
}

/// Turns a node of an instantiated graph off (`enabled` 0) or on.
///
/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipGraphNodeSetEnabled(
    exec: HipGraphExec,
    node: HipGraphNode,
    enabled: u32,
) -> HipError {
    call("hipGraphNodeSetEnabled", || {
        let mut store = lock();
        let exec = store
            .execs
            .get_mut(&(exec as usize))
            .ok_or(RuntimeError::InvalidValue {
                argument: "hGraphExec",
            })?;
        let index = exec
            .nodes
            .iter()
            .position(|candidate| *candidate == node as usize)
            .ok_or(RuntimeError::InvalidValue { argument: "hNode" })?;
        exec.enabled[index] = enabled != 0;
        Ok(())
    })
}

/// # Safety
/// `enabled` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphNodeGetEnabled(
    exec: HipGraphExec,
    node: HipGraphNode,
    enabled: *mut u32,
) -> HipError {
    call("hipGraphNodeGetEnabled", || {
        non_null(enabled, "isEnabled")?;
        let store = lock();
        let exec = store
            .execs
            .get(&(exec as usize))
            .ok_or(RuntimeError::InvalidValue {
                argument: "hGraphExec",
            })?;
        let index = exec
            .nodes
            .iter()
            .position(|candidate| *candidate == node as usize)
            .ok_or(RuntimeError::InvalidValue { argument: "hNode" })?;
        // SAFETY: checked non-null; the caller promises it writable.
        unsafe { enabled.write(u32::from(exec.enabled[index])) };
        Ok(())
    })
}

/// Takes over the parameters of `graph` if it has the shape the instantiated graph was
/// made from: the same number of nodes, of the same kinds, in dependency order.
///
/// # Safety
/// `error_node` and `result` must each be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphExecUpdate(
    exec: HipGraphExec,
    graph: HipGraph,
    error_node: *mut HipGraphNode,
    result: *mut i32,
) -> HipError {
    call("hipGraphExecUpdate", || {
        let mut store = lock();
        let (nodes, operations) = store.operations(graph as usize)?;
        let target = store
            .execs
            .get_mut(&(exec as usize))
            .ok_or(RuntimeError::InvalidValue {
                argument: "hGraphExec",
            })?;
        // hipGraphExecUpdateResult: Success 0, ErrorTopologyChanged 2, NodeTypeChanged 3.
        let mismatch = if operations.len() != target.operations.len() {
            Some((2, None))
        } else {
            operations
                .iter()
                .zip(target.operations.iter())
                .position(|(new, old)| new.node_type() != old.node_type())
                .map(|index| (3, Some(nodes[index])))
        };
        let write = |code: i32, node: Option<usize>| {
            if !result.is_null() {
                // SAFETY: checked non-null; the caller promises it writable.
                unsafe { result.write(code) };
            }
            if let (false, Some(node)) = (error_node.is_null(), node) {
                write_handle(error_node, node);
            }
        };
        if let Some((code, node)) = mismatch {
            write(code, node);
            return Err(RuntimeError::status(
                HipError::ErrorGraphExecUpdateFailure,
                "the graph's topology differs from the instantiated one",
            ));
        }
        target.operations = Arc::new(operations);
        target.nodes = nodes;
        write(0, None);
        Ok(())
    })
}

/// Writes the graph in Graphviz form: one box per node, labelled with its kind.
///
/// # Safety
/// `path` must be NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn hipGraphDebugDotPrint(
    graph: HipGraph,
    path: *const c_char,
    _flags: u32,
) -> HipError {
    call("hipGraphDebugDotPrint", || {
        non_null(path, "path")?;
        // SAFETY: checked non-null; the caller promises a NUL-terminated string.
        let path = unsafe { CStr::from_ptr(path) }
            .to_string_lossy()
            .into_owned();
        let text = {
            let store = lock();
            let edges = store.edges(graph as usize)?;
            dot_text(&store, graph as usize, &edges)
        };
        std::fs::write(&path, text).map_err(|error| RuntimeError::FileNotFound {
            path,
            reason: error.to_string(),
        })
    })
}

/// The graph in Graphviz's dot language.
fn dot_text(store: &Store, graph: usize, edges: &[(usize, Vec<usize>)]) -> String {
    let mut text = format!("digraph oxhip_graph_{graph:x} {{\n");
    for (node, dependencies) in edges {
        let label = match store.nodes.get(node).map(|node| &node.operation) {
            Some(Operation::Kernel(kernel)) => crate::registry::kernel(kernel.kernel).map_or_else(
                || "kernel".to_owned(),
                |k| k.name.to_string_lossy().into_owned(),
            ),
            Some(Operation::Copy(_)) => "memcpy".to_owned(),
            Some(Operation::Fill(_)) => "memset".to_owned(),
            Some(Operation::Host(_)) => "host".to_owned(),
            Some(Operation::Graph(_)) => "graph".to_owned(),
            Some(Operation::EventRecord(_)) => "event record".to_owned(),
            Some(Operation::EventWait(_)) => "event wait".to_owned(),
            Some(Operation::Empty) | None => "empty".to_owned(),
        };
        text.push_str(&format!("  n{node:x} [shape=box, label=\"{label}\"];\n"));
        for dependency in dependencies {
            text.push_str(&format!("  n{dependency:x} -> n{node:x};\n"));
        }
    }
    text.push_str("}\n");
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::graph_store::*;

    fn order(nodes: &[(usize, &[usize])]) -> Result<Vec<usize>, usize> {
        let nodes: Vec<(usize, Vec<usize>)> = nodes
            .iter()
            .map(|(node, dependencies)| (*node, dependencies.to_vec()))
            .collect();
        topological_order(&nodes)
    }

    #[test]
    fn independent_nodes_keep_their_order() {
        assert_eq!(order(&[(1, &[]), (2, &[]), (3, &[])]), Ok(vec![1, 2, 3]));
        assert_eq!(order(&[]), Ok(vec![]));
    }

    #[test]
    fn dependencies_come_first() {
        // A diamond added in reverse: 4 needs 2 and 3, which need 1.
        assert_eq!(
            order(&[(4, &[2, 3]), (3, &[1]), (2, &[1]), (1, &[])]),
            Ok(vec![1, 3, 2, 4])
        );
        // A chain given backwards.
        assert_eq!(order(&[(3, &[2]), (2, &[1]), (1, &[])]), Ok(vec![1, 2, 3]));
    }

    #[test]
    fn cycles_name_a_node_on_them() {
        assert_eq!(order(&[(1, &[]), (2, &[3]), (3, &[2])]), Err(2));
        assert_eq!(order(&[(5, &[5])]), Err(5));
    }

    #[test]
    fn graphs_build_clone_and_instantiate_without_a_device() {
        let graph = create();
        let first = add(graph, Operation::Empty, &[]).unwrap();
        let second = add(graph, Operation::Empty, &[first]).unwrap();
        assert!(add(graph, Operation::Empty, &[first, first]).is_err());
        assert!(add(graph, Operation::Empty, &[12345]).is_err());
        assert_eq!(leaves(graph), [second]);
        assert_eq!(graph_of(second), Some(graph));
        let exec = instantiate(graph, 0).unwrap();
        assert_eq!(lock().execs[&exec].nodes, [first, second]);
        // A cycle fails to instantiate and names a node on it.
        lock().node_mut(first).unwrap().dependencies.push(second);
        let (error, node) = instantiate(graph, 0).unwrap_err();
        assert_eq!(error.code(), HipError::ErrorInvalidValue);
        assert!(node == Some(first) || node == Some(second));
        destroy(graph);
        assert!(graph_of(first).is_none());
    }
}
