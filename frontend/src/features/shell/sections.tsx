import type { ComponentType } from 'react';
import { HomeSection } from '../home/components/HomeSection';
import type { SectionId } from './navigation';

/** The component each section of the signed-in shell shows. */
export const SECTION_COMPONENTS: Record<SectionId, ComponentType> = {
  home: HomeSection,
};
