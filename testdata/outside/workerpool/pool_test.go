package imgpool

import (
	"context"
	"errors"
	"testing"
)

func TestRunAll(t *testing.T) {
	jobs := []Job{
		{ID: 1, W: 4000, H: 3000, MaxW: 800, MaxH: 800},
		{ID: 2, W: 300, H: 200, MaxW: 800, MaxH: 800},
		{ID: 3, W: 1000, H: 4000, MaxW: 500, MaxH: 500},
		{ID: 4, W: 0, H: 10, MaxW: 100, MaxH: 100},
		{ID: 5, W: 1920, H: 1080, MaxW: 1280, MaxH: 720},
	}
	p := &Pool{Workers: 3}
	res, err := p.RunAll(context.Background(), jobs)
	if !errors.Is(err, ErrBadSize) {
		t.Fatalf("err = %v, want ErrBadSize", err)
	}
	want := [][2]int{{800, 600}, {300, 200}, {125, 500}, {0, 0}, {1280, 720}}
	for i, r := range res {
		if r.JobID != jobs[i].ID || r.W != want[i][0] || r.H != want[i][1] {
			t.Errorf("res[%d] = %+v, want %v", i, r, want[i])
		}
	}
}

func TestRunCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	jobs := make([]Job, 50)
	for i := range jobs {
		jobs[i] = Job{ID: i, W: 10, H: 10, MaxW: 5, MaxH: 5}
	}
	done := 0
	p := &Pool{Workers: 2, Process: func(ctx context.Context, j Job) Result {
		if j.ID == 3 {
			cancel()
		}
		return defaultProcess(ctx, j)
	}}
	for r := range p.Run(ctx, jobs) {
		if r.Err != nil {
			t.Errorf("job %d: %v", r.JobID, r.Err)
		}
		done++
	}
	if done >= len(jobs) {
		t.Errorf("all %d jobs ran despite cancel", done)
	}
}
