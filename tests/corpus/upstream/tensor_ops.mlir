// The tensor dialect's ops in their custom forms, as MLIR's Dialect/Tensor/ops.mlir writes them
// (in MLIR 22's syntax: expand_shape's output_shape), one function per split; mlir-opt 22
// accepts each, and cute-ir reports nothing on any (tests/verify/test_tensor_ops.py).

func.func @cast(%arg0: tensor<*xf32>, %arg1 : tensor<4x4xf32>, %arg2: tensor<?x?xf32>) {
  %0 = tensor.cast %arg0 : tensor<*xf32> to tensor<?x?xf32>
  %1 = tensor.cast %arg1 : tensor<4x4xf32> to tensor<*xf32>
  %2 = tensor.cast %arg2 : tensor<?x?xf32> to tensor<4x?xf32>
  %3 = tensor.cast %2 : tensor<4x?xf32> to tensor<?x?xf32>
  return
}

// -----

func.func @empty(%sz: index) -> tensor<5x?x6xf32> {
  %0 = tensor.empty(%sz) : tensor<5x?x6xf32>
  %1 = tensor.empty() : tensor<5x6xf32>
  return %0 : tensor<5x?x6xf32>
}

// -----

func.func @empty_with_encoding(%sz: index) -> tensor<5x?x6xf32, "foo"> {
  %0 = tensor.empty(%sz) : tensor<5x?x6xf32, "foo">
  return %0 : tensor<5x?x6xf32, "foo">
}

// -----

func.func @extract(%arg0: tensor<?x?x?xf32>, %arg1: index) {
  %0 = tensor.extract %arg0[%arg1, %arg1, %arg1] : tensor<?x?x?xf32>
  %z = tensor.empty() : tensor<i32>
  %1 = tensor.extract %z[] : tensor<i32>
  return
}

// -----

func.func @insert(%arg0: f32, %arg1: index, %arg2: tensor<?x?x?xf32>) {
  %0 = tensor.insert %arg0 into %arg2[%arg1, %arg1, %arg1] : tensor<?x?x?xf32>
  return
}

// -----

func.func @tensor.from_elements() {
  %c0 = "arith.constant"() {value = 0: index} : () -> index
  %0 = tensor.from_elements %c0 : tensor<1xindex>
  %c1 = "arith.constant"() {value = 1: index} : () -> index
  %1 = tensor.from_elements %c0, %c1 : tensor<2xindex>
  %c0_f32 = "arith.constant"() {value = 0.0: f32} : () -> f32
  %2 = tensor.from_elements %c0_f32 : tensor<1xf32>
  %3 = tensor.from_elements : tensor<0xindex>
  %4 = tensor.from_elements %c0, %c1, %c0, %c1, %c0, %c1 : tensor<2x3xindex>
  %5 = tensor.from_elements %c0 : tensor<index>
  return
}

// -----

func.func @tensor.generate(%m : index, %n : index)
    -> tensor<?x3x?xf32> {
  %tnsr = tensor.generate %m, %n {
    ^bb0(%i : index, %j : index, %k : index):
      %elem = arith.constant 8.0 : f32
      tensor.yield %elem : f32
  } : tensor<?x3x?xf32>
  return %tnsr : tensor<?x3x?xf32>
}

// -----

func.func @tensor_reshape(%unranked: tensor<*xf32>, %shape1: tensor<1xi32>,
         %shape2: tensor<2xi32>, %shape3: tensor<?xi32>) -> tensor<*xf32> {
  %dyn_vec = tensor.reshape %unranked(%shape1)
               : (tensor<*xf32>, tensor<1xi32>) -> tensor<?xf32>
  %dyn_mat = tensor.reshape %dyn_vec(%shape2)
               : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %new_unranked = tensor.reshape %dyn_mat(%shape3)
               : (tensor<?x?xf32>, tensor<?xi32>) -> tensor<*xf32>
  return %new_unranked : tensor<*xf32>
}

// -----

func.func @slice(%t: tensor<8x16x4xf32>, %idx : index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %1 = tensor.extract_slice %t[%c0, %c0, %c0][%idx, %idx, %idx][%c1, %c1, %c1]
    : tensor<8x16x4xf32> to tensor<?x?x?xf32>
  %2 = tensor.extract_slice %t[0, 2, 0][4, 4, 4][1, 1, 1]
    : tensor<8x16x4xf32> to tensor<4x4x4xf32>
  %3 = tensor.extract_slice %t[0, 2, 0][4, 1, 4][1, 1, 1]
    : tensor<8x16x4xf32> to tensor<4x4xf32>
  %4 = tensor.extract_slice %t[0, 2, 0] [4, 1, 4] [1, 1, 1] {foo = 1 : i32} : tensor<8x16x4xf32> to tensor<4x4xf32>
  return
}

// -----

func.func @insert_slice(
    %t: tensor<8x16x4xf32>,
    %td: tensor<8x?x4xf32>,
    %t2: tensor<16x32x8xf32>,
    %t3: tensor<4x4xf32>,
    %idx : index,
    %sz : index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %1 = tensor.insert_slice %t into %t2[%c0, %c0, %c0][8, 16, 4][%c1, %c1, %c1]
    : tensor<8x16x4xf32> into tensor<16x32x8xf32>
  %2 = tensor.insert_slice %t into %t2[%c0, %idx, %c0][8, 16, 4][%c1, 1, %c1]
    : tensor<8x16x4xf32> into tensor<16x32x8xf32>
  %3 = tensor.insert_slice %t3 into %t[0, 2, 0][4, 1, 4][1, 1, 1]
    : tensor<4x4xf32> into tensor<8x16x4xf32>
  %4 = tensor.insert_slice %td into %t[0, %idx, 0][8, %sz, 4][1, 1, 1]
    : tensor<8x?x4xf32> into tensor<8x16x4xf32>
  return
}

// -----

func.func @tensor_reshape_zero_dim(%arg0 : tensor<1x1xf32>, %arg1 : tensor<f32>)
    -> (tensor<f32>, tensor<1x1xf32>) {
  %0 = tensor.collapse_shape %arg0 [] : tensor<1x1xf32> into tensor<f32>
  %1 = tensor.expand_shape %0 [] output_shape [1, 1] : tensor<f32> into tensor<1x1xf32>
  return %0, %1 : tensor<f32>, tensor<1x1xf32>
}

// -----

func.func @legal_collapsing_reshape_dynamic_tensor
  (%arg0: tensor<?x?x?x4x?xf32>) -> tensor<?x?x?xf32>
{
  %0 = tensor.collapse_shape %arg0 [[0], [1], [2, 3, 4]] :
    tensor<?x?x?x4x?xf32> into tensor<?x?x?xf32>
  return %0 : tensor<?x?x?xf32>
}

// -----

func.func @expand(%arg0: tensor<?x32xf32>, %sz0: index) -> tensor<?x4x8xf32> {
  %0 = tensor.expand_shape %arg0 [[0], [1, 2]] output_shape [%sz0, 4, 8] : tensor<?x32xf32> into tensor<?x4x8xf32>
  return %0 : tensor<?x4x8xf32>
}

// -----

func.func @rank(%t : tensor<4x4x?xf32>) {
  %0 = "tensor.rank"(%t) : (tensor<4x4x?xf32>) -> index
  %1 = tensor.rank %t : tensor<4x4x?xf32>
  return
}

// -----

func.func @dim(%t : tensor<4x4x?xf32>, %u : tensor<*xf32>, %i : index) -> index {
  %0 = tensor.dim %t, %i : tensor<4x4x?xf32>
  %1 = tensor.dim %u, %i : tensor<*xf32>
  %2 = tensor.dim {foo} %t, %i : tensor<4x4x?xf32>
  return %0 : index
}

// -----

func.func @pad_dynamic(%arg0: tensor<1x2x2x?xf32>, %low: index, %high: index,
                  %pad_value: f32) -> tensor<6x?x?x?xf32> {
  %0 = tensor.pad %arg0 low[2, %low, 3, 3] high[3, 3, %high, 2] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %pad_value : f32
    } : tensor<1x2x2x?xf32> to tensor<6x?x?x?xf32>
  return %0 : tensor<6x?x?x?xf32>
}

// -----

func.func @pad_static(%arg0: tensor<3x4xf32>, %pad_value: f32) -> tensor<6x9xf32> {
  %0 = tensor.pad %arg0 nofold low[1, 2] high[2, 3] {
    ^bb0(%arg1 : index, %arg2 : index):
      tensor.yield %pad_value : f32
    } : tensor<3x4xf32> to tensor<6x9xf32>
  return %0 : tensor<6x9xf32>
}

// -----

func.func @test_splat_op(%s : f32, %n : index) {
  %v = tensor.splat %s : tensor<8xf32>
  %u = "tensor.splat"(%s) : (f32) -> tensor<4xf32>
  %w = tensor.splat %s[%n] : tensor<?x8xf32>
  return
}

// -----

func.func @gather_scatter(
    %dest : tensor<4x5x6xf32>, %indices: tensor<1x3x2xindex>, %indices_i32: tensor<1x3x2xi32>) {
  %gathered = tensor.gather %dest[%indices_i32] gather_dims([1, 2]) unique:
    (tensor<4x5x6xf32>, tensor<1x3x2xi32>) -> tensor<1x3x4x1x1xf32>
  %rank_reduced_gathered = tensor.gather %dest[%indices] gather_dims([1, 2]) unique:
    (tensor<4x5x6xf32>, tensor<1x3x2xindex>) -> tensor<1x3x4xf32>
  %scattered = tensor.scatter %gathered into %dest[%indices]
      scatter_dims([1, 2]) unique:
    (tensor<1x3x4x1x1xf32>, tensor<4x5x6xf32>, tensor<1x3x2xindex>) -> tensor<4x5x6xf32>
  %rank_reduced_scattered = tensor.scatter %rank_reduced_gathered into %dest[%indices_i32]
      scatter_dims([1, 2]) unique:
    (tensor<1x3x4xf32>, tensor<4x5x6xf32>, tensor<1x3x2xi32>) -> tensor<4x5x6xf32>
  return
}

// -----

func.func @concat(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) -> tensor<6x3xf32> {
  %0 = tensor.concat dim(0) %a, %b : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<6x3xf32>
  return %0 : tensor<6x3xf32>
}

// -----

func.func @bitcast(%a: tensor<4xi32>) -> tensor<4xf32> {
  %0 = tensor.bitcast %a : tensor<4xi32> to tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @parallel_insert(%a: tensor<4xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %r = scf.forall (%i) in (2) shared_outs(%o = %b) -> (tensor<8xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %a into %o[0] [4] [1] : tensor<4xf32> into tensor<8xf32>
    }
  }
  return %r : tensor<8xf32>
}

// -----

// As Dialect/Tensor/canonicalize.mlir writes them, and through aliases and an encoding.
#tensor_enc = {foo = 1}
func.func @expand_shape_rank0_identity_fold(%arg0 : tensor<f32>) -> tensor<f32> {
  %0 = tensor.expand_shape %arg0 [] output_shape [] : tensor<f32> into tensor<f32>
  %1 = tensor.collapse_shape %0 [] : tensor<f32> into tensor<f32>
  return %1 : tensor<f32>
}
func.func @tensor_bitcast_chain_ok(%input: tensor<2xi32>) -> tensor<2xf32> {
  %0 = tensor.bitcast %input : tensor<2xi32> to tensor<2xui32>
  %1 = tensor.bitcast %0 : tensor<2xui32> to tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func @cast_values(%arg0: tensor<*xi32>) -> tensor<2xi32> {
  %0 = tensor.cast %arg0 : tensor<*xi32> to tensor<*xi32>
  %2 = tensor.cast %0 : tensor<*xi32> to tensor<2xi32>
  %4 = tensor.cast %2 : tensor<2xi32> to tensor<2xi32>
  return %4 : tensor<2xi32>
}
func.func @fold_concat(%arg0: tensor<1x2x?xi32>) -> (tensor<1x2x3xi32>, tensor<1x2x?xi32>) {
  %0 = tensor.concat dim(2) %arg0 : (tensor<1x2x?xi32>) -> tensor<1x2x3xi32>
  %1 = tensor.concat dim(2) %arg0 : (tensor<1x2x?xi32>) -> tensor<1x2x?xi32>
  return %0, %1 : tensor<1x2x3xi32>, tensor<1x2x?xi32>
}
func.func @fold_extract(%arg0 : index) -> (f32, f16, f16, i32, complex<f32>) {
  %const_0 = arith.constant 0 : index
  %const_1 = arith.constant 1 : index
  %const_3 = arith.constant 3 : index
  %0 = arith.constant dense<4.0> : tensor<4xf32>
  %ext_1 = tensor.extract %0[%arg0] : tensor<4xf32>
  %1 = arith.constant sparse<[[0, 0, 0], [1, 1, 1]],  [-5.0, -2.0]> : tensor<4x4x4xf16>
  %ext_2 = tensor.extract %1[%const_1, %const_1, %const_1] : tensor<4x4x4xf16>
  %2 = arith.constant sparse<[[1, 1, 1]],  [-2.0]> : tensor<2x2x2xf16>
  %ext_3 = tensor.extract %2[%const_0, %const_0, %const_0] : tensor<2x2x2xf16>
  %3 = arith.constant dense<[[[1, -2, 1, 36]], [[0, 2, -1, 64]]]> : tensor<2x1x4xi32>
  %ext_4 = tensor.extract %3[%const_1, %const_0, %const_3] : tensor<2x1x4xi32>
  %4 = arith.constant dense<(1.2, 2.3)> : tensor<complex<f32>>
  %ext_5 = tensor.extract %4[] : tensor<complex<f32>>
  return %ext_1, %ext_2, %ext_3, %ext_4, %ext_5 : f32, f16, f16, i32, complex<f32>
}
func.func @fold_insert(%arg0 : index) -> (tensor<4xf32>) {
  %0 = arith.constant dense<4.0> : tensor<4xf32>
  %1 = arith.constant 4.0 : f32
  %ins_1 = tensor.insert %1 into %0[%arg0] : tensor<4xf32>
  return %ins_1 : tensor<4xf32>
}
func.func @extract_from_tensor.cast(%tensor: tensor<9xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %casted = tensor.cast %tensor : tensor<9xf32> to tensor<?xf32>
  %result = tensor.extract %casted[%c0] : tensor<?xf32>
  return %result : f32
}
func.func @extract_from_tensor.from_elements_3d()
    -> (f32, f32, f32) {
  %f0 = arith.constant 0.0 : f32
  %f1 = arith.constant 1.0 : f32
  %f2 = arith.constant 2.0 : f32
  %tensor = tensor.from_elements %f0,%f1,%f2,%f0,%f1,%f2,%f0,%f1,%f2,%f0,%f1,%f2
         : tensor<3x2x2xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r0 = tensor.extract %tensor[%c0, %c0, %c0] : tensor<3x2x2xf32>
  %r1 = tensor.extract %tensor[%c0, %c0, %c1] : tensor<3x2x2xf32>
  %r2 = tensor.extract %tensor[%c0, %c1, %c0] : tensor<3x2x2xf32>
  return %r0,%r1,%r2
         : f32,f32,f32
}
!t = tensor<4x?xf32>
func.func @aliases(%a: !t, %i: index, %e: f32) -> (!t, index, f32) {
  %0 = tensor.insert %e into %a[%i, %i] : !t
  %1 = tensor.dim %0, %i : !t
  %2 = tensor.extract %0[%i, %i] : !t
  %3 = tensor.extract_slice %0[0, %i] [2, %i] [1, 1] : !t to tensor<2x?xf32>
  %4 = tensor.insert_slice %3 into %0[0, %i] [2, %i] [1, 1] : tensor<2x?xf32> into !t
  %5 = tensor.cast %4 : !t to tensor<*xf32>
  %6 = tensor.rank %5 : tensor<*xf32>
  %7 = tensor.dim %5, %i : tensor<*xf32>
  %8 = tensor.splat %e[%i] : !t
  %9 = tensor.empty(%i) : tensor<4x?xf32, #tensor_enc>
  %10 = tensor.extract_slice %0[0, 0] [1, 4] [1, 1] : !t to tensor<4xf32>
  %11 = tensor.extract %10[%i] {nontemporal} : tensor<4xf32>
  return %8, %1, %2 : !t, index, f32
}
