// Package imgpool resizes images with a bounded pool of workers. The
// "images" here are just dimensions; the point is the plumbing.
package imgpool

import (
	"context"
	"errors"
	"fmt"
	"sync"
)

// Job asks for one image to be scaled to fit in MaxW x MaxH.
type Job struct {
	ID         int
	W, H       int
	MaxW, MaxH int
}

// Result is the outcome of one Job.
type Result struct {
	JobID int
	W, H  int
	Err   error
}

// ErrBadSize is reported for images with a non-positive dimension.
var ErrBadSize = errors.New("imgpool: bad image size")

// Fit scales w x h down, keeping its aspect ratio, to fit in maxW x maxH.
func Fit(w, h, maxW, maxH int) (int, int, error) {
	if w <= 0 || h <= 0 || maxW <= 0 || maxH <= 0 {
		return 0, 0, ErrBadSize
	}
	if w <= maxW && h <= maxH {
		return w, h, nil
	}
	// Compare w/maxW with h/maxH without floating point.
	if w*maxH >= h*maxW {
		return maxW, max(1, h*maxW/w), nil
	}
	return max(1, w*maxH/h), maxH, nil
}

// Pool runs a fixed number of workers.
type Pool struct {
	Workers int
	// Process handles one job; it defaults to fitting the image.
	Process func(ctx context.Context, j Job) Result
}

func defaultProcess(_ context.Context, j Job) Result {
	w, h, err := Fit(j.W, j.H, j.MaxW, j.MaxH)
	return Result{JobID: j.ID, W: w, H: h, Err: err}
}

// Run feeds jobs to the workers and streams their results. The results
// channel is closed once every worker has stopped, which happens when
// jobs are exhausted or ctx is canceled.
func (p *Pool) Run(ctx context.Context, jobs []Job) <-chan Result {
	process := p.Process
	if process == nil {
		process = defaultProcess
	}
	n := p.Workers
	if n <= 0 {
		n = 1
	}
	queue := make(chan Job)
	results := make(chan Result, n)

	go func() {
		defer close(queue)
		for _, j := range jobs {
			select {
			case queue <- j:
			case <-ctx.Done():
				return
			}
		}
	}()

	var wg sync.WaitGroup
	for w := 0; w < n; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range queue {
				r := process(ctx, j)
				select {
				case results <- r:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()
	return results
}

// RunAll runs jobs and returns their results indexed by job ID order of
// jobs, and the first error of any job.
func (p *Pool) RunAll(ctx context.Context, jobs []Job) ([]Result, error) {
	index := make(map[int]int, len(jobs))
	for i, j := range jobs {
		if _, dup := index[j.ID]; dup {
			return nil, fmt.Errorf("imgpool: duplicate job id %d", j.ID)
		}
		index[j.ID] = i
	}
	out := make([]Result, len(jobs))
	var firstErr error
	got := 0
	for r := range p.Run(ctx, jobs) {
		out[index[r.JobID]] = r
		got++
		if r.Err != nil && firstErr == nil {
			firstErr = fmt.Errorf("job %d: %w", r.JobID, r.Err)
		}
	}
	if got < len(jobs) {
		if err := ctx.Err(); err != nil {
			return out, err
		}
	}
	return out, firstErr
}
