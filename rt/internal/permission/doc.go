// Package permission holds the records of the permission regions of
// Mercer, Anderson, Vrvilo and Sarkar, "Model Checking Task Parallel
// Programs using Gradual Permission" (ASE 2015): what one task holds
// (Regions, section IV and the state machine of its Figure 7, kept per
// task), and for strict mode which tasks accessed each byte of a Run
// (Sharing, after the JPF-HJ search of section V, Algorithms 1 and 2).
//
// The records know nothing of the detector or of the running task: the
// checker (rt/internal/checker) passes them the task, step and Run, decides
// when a region is recorded with the detector, and writes the reports. Its
// permission.go explains how the paper's machine is split between these
// records and the determinacy race detector.
package permission
