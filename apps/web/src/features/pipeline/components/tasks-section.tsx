// The team's tasks on the application page (ticked off in place, added with a
// due date, a priority and someone on the team), and the researcher's own
// open tasks across applications on the pipeline page.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { ApplicationDetail, ApplicationTask } from '@grantbridge/contract/pipeline';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Chip } from '../../../components/ui/chip';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { addTask, applicationKeys, deleteTask, taskKeys, updateTask } from '../api/applications-api';
import { useMyTasks } from '../hooks/use-my-grants';
import { daysLeftLabel } from '../utils/deadlines';
import { LoadFailed } from '../../../components/ui/load-failed';

const priorityTone = { high: 'red', medium: 'amber', low: 'neutral' } as const;

function TaskLine({ task, editable, onChange }: { task: ApplicationTask; editable: boolean; onChange: () => void }) {
  // The box shows the change at once; a refused change puts it back.
  const [shown, setShown] = useState<boolean | null>(null);
  const toggle = useMutation({
    mutationFn: (completed: boolean) => updateTask(task.id, { status: completed ? 'completed' : 'pending' }),
    onSuccess: onChange,
    onError: (e) => {
      setShown(null);
      toast.error(isApiError(e) ? e.message : 'The task could not be updated.');
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteTask(task.id),
    onSuccess: onChange,
    onError: (e) => toast.error(isApiError(e) ? e.message : 'The task could not be removed.'),
  });
  const done = shown ?? task.status === 'completed';
  return (
    <li className="flex items-start gap-3 py-2">
      <input
        type="checkbox"
        className="mt-1 size-4 accent-brand-800"
        checked={done}
        disabled={!editable || toggle.isPending}
        onChange={() => {
          setShown(!done);
          toggle.mutate(!done);
        }}
        aria-label={`${done ? 'Reopen' : 'Done'}: ${task.title}`}
      />
      <div className="min-w-0 flex-1 text-sm">
        <p className={done ? 'text-slate-600 line-through' : 'font-medium text-slate-900'}>{task.title}</p>
        <p className="mt-0.5 flex flex-wrap items-center gap-2 text-slate-700">
          <Chip tone={priorityTone[task.priority]}>{task.priority}</Chip>
          {task.dueDate ? (
            <span>
              Due {formatDate(task.dueDate)}
              {done ? '' : ` · ${daysLeftLabel(task.dueDate)}`}
            </span>
          ) : null}
          <span>{task.assigneeName ?? 'Unassigned'}</span>
        </p>
      </div>
      {editable ? (
        <Button variant="ghost" size="sm" disabled={remove.isPending} onClick={() => remove.mutate()} aria-label={`Remove task: ${task.title}`}>
          Remove
        </Button>
      ) : null}
    </li>
  );
}

export function TasksSection({ application }: { application: ApplicationDetail }) {
  const queryClient = useQueryClient();
  const editable = application.viewer.role !== 'admin';
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: applicationKeys.detail(application.id) });
    void queryClient.invalidateQueries({ queryKey: taskKeys.mine });
  };
  const team = application.members.filter((m) => m.status === 'active');
  const [title, setTitle] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [priority, setPriority] = useState<'high' | 'medium' | 'low'>('medium');
  const [assigneeId, setAssigneeId] = useState('');
  const [error, setError] = useState<string | undefined>();
  const add = useMutation({
    mutationFn: () => addTask(application.id, { title: title.trim(), dueDate: dueDate || null, priority, assigneeId: assigneeId || null }),
    onSuccess: (task) => {
      toast.success(`Task added: ${task.title}`);
      setTitle('');
      setDueDate('');
      refresh();
    },
    onError: (e) => setError(isApiError(e, 'validation_failed') ? (e.errors[0]?.message ?? e.message) : 'The task could not be added.'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return setError('Say what the task is');
    setError(undefined);
    add.mutate();
  };
  return (
    <div>
      {application.tasks.length ? (
        <ul className="divide-y divide-slate-100">
          {application.tasks.map((task) => (
            <TaskLine key={task.id} task={task} editable={editable} onChange={refresh} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-700">No tasks yet.</p>
      )}
      {editable ? (
        <form noValidate onSubmit={submit} className="mt-4 grid gap-3 sm:grid-cols-2">
          <Field id="task-title" label="New task" error={error} className="sm:col-span-2">
            {(aria) => <Input maxLength={300} value={title} onChange={(e) => setTitle(e.target.value)} {...aria} />}
          </Field>
          <Field id="task-due" label="Due date" optional>
            {(aria) => <Input type="date" value={dueDate} onChange={(e) => setDueDate(e.target.value)} {...aria} />}
          </Field>
          <Field id="task-priority" label="Priority">
            {(aria) => (
              <Select value={priority} onChange={(e) => setPriority(e.target.value as typeof priority)} {...aria}>
                <option value="high">High</option>
                <option value="medium">Medium</option>
                <option value="low">Low</option>
              </Select>
            )}
          </Field>
          <Field id="task-assignee" label="Assigned to" optional>
            {(aria) => (
              <Select value={assigneeId} onChange={(e) => setAssigneeId(e.target.value)} {...aria}>
                <option value="">Nobody yet</option>
                {team.map((m) => (
                  <option key={m.userId} value={m.userId}>
                    {m.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <div className="flex items-end">
            <Button type="submit" variant="secondary" disabled={add.isPending}>
              {add.isPending ? 'Adding…' : 'Add task'}
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}

export function MyTasksCard({ applicationPath }: { applicationPath: (id: string) => string }) {
  const tasks = useMyTasks();
  return (
    <Card className="p-5 sm:p-6" role="region" aria-labelledby="my-tasks-title">
      <h2 id="my-tasks-title" className="text-lg font-semibold text-slate-900">
        My tasks
      </h2>
      {tasks.isPending ? (
        <p className="mt-3 text-sm text-slate-700">Loading…</p>
      ) : tasks.isError ? (
        <LoadFailed what="Your tasks" onRetry={() => void tasks.refetch()} className="mt-3" />
      ) : tasks.data.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">Nothing assigned to you is open.</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {tasks.data.slice(0, 8).map((task) => (
            <li key={task.id} className="text-sm">
              <span className="font-medium text-slate-900">{task.title}</span>
              <span className="block text-slate-700">
                {task.dueDate ? `Due ${formatDate(task.dueDate)} (${daysLeftLabel(task.dueDate)}) · ` : ''}
                <Link to={applicationPath(task.application.id)} className="text-brand-900 hover:underline">
                  {task.application.grantTitle}
                </Link>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
