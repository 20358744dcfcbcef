import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addFloorPlanFile, deleteFloorPlanFile, floorKeys, floorPlanKeys, setCurrentFloorPlan } from '../../../api/floors';
import { problemMessage } from '../../../api/client';

/** Fallback messages (SPEC.md section 9 list) when the server's problem has no detail or title. */
export const PLAN_UPLOAD_FAILED = 'Failed to upload floor plan';
export const PLAN_DELETE_FAILED = 'Failed to delete floor plan';
export const PLAN_SWITCH_FAILED = 'Failed to update floor';

/**
 * The plan manager's actions on one floor's plan files: upload (the new file becomes
 * current), replace the current plan (upload, then delete the one it replaces), make
 * another file current, and delete a file. Device positions are percentages, so markers
 * keep their places on the new plan. After each, the floor, its building's floor list,
 * every floor list and the plan file list are refetched. A failure is kept as `error`
 * (the problem's detail or title, else the fallback above) for the screen to show inline.
 *
 * @param floor the floor's id and building id
 */
export function usePlanFileActions(floor: { id: string; building_id: string }) {
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: floorKeys.detail(floor.id), exact: true }),
      client.invalidateQueries({ queryKey: floorKeys.all, exact: true }),
      client.invalidateQueries({ queryKey: floorKeys.ofBuilding(floor.building_id), exact: true }),
      client.invalidateQueries({ queryKey: floorPlanKeys.ofFloor(floor.id), exact: true }),
    ]);

  const upload = useMutation({
    mutationFn: async ({ file, replacing }: { file: File; replacing: string | null }) => {
      const added = await addFloorPlanFile(floor.id, file, file.name);
      if (replacing !== null) {
        try {
          await deleteFloorPlanFile(floor.id, replacing);
        } catch (cause) {
          // The new plan is in and current; only the old file stayed.
          throw Object.assign(new Error(PLAN_DELETE_FAILED, { cause }), { planStep: 'delete' as const, data: dataOf(cause) });
        }
      }
      return added;
    },
    onMutate: () => setError(null),
    onSettled: refresh,
    onError: (failure) => setError(problemMessage(failure, isDeleteStep(failure) ? PLAN_DELETE_FAILED : PLAN_UPLOAD_FAILED)),
  });

  const makeCurrent = useMutation({
    mutationFn: (fileName: string) => setCurrentFloorPlan(floor.id, fileName),
    onMutate: () => setError(null),
    onSettled: refresh,
    onError: (failure) => setError(problemMessage(failure, PLAN_SWITCH_FAILED)),
  });

  const remove = useMutation({
    mutationFn: (fileName: string) => deleteFloorPlanFile(floor.id, fileName),
    onMutate: () => setError(null),
    onSettled: refresh,
    onError: (failure) => setError(problemMessage(failure, PLAN_DELETE_FAILED)),
  });

  return { upload, makeCurrent, remove, error, clearError: () => setError(null) };
}

const dataOf = (error: unknown): unknown => (typeof error === 'object' && error !== null && 'data' in error ? error.data : undefined);
const isDeleteStep = (error: unknown): boolean => typeof error === 'object' && error !== null && 'planStep' in error && error.planStep === 'delete';
