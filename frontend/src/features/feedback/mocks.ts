import { http, errorBody } from '../../mocks/http';
import { bearerToken, mockDb, mockId, userForAuthorization } from '../../mocks/db';
import { FEEDBACK_MAX_LENGTH, FEEDBACK_MESSAGES } from './FeedbackStore';

const sessionInvalid = () =>
  errorBody(401, 'IDENTITY.SESSION_INVALID', 'Your session is no longer valid. Please sign in again.');

/** The server's answers for feedback: users send it, admins read it (newest first, paged by cursor). */
export const feedbackHandlers = [
  http.post('/api/feedback', async ({ request, response }) => {
    const owner = userForAuthorization(request.headers.get('Authorization'));
    if (!owner) return response(401).json(sessionInvalid());
    const { message } = await request.json();
    const text = typeof message === 'string' ? message.trim() : '';
    const problem = !text ? FEEDBACK_MESSAGES.required : text.length > FEEDBACK_MAX_LENGTH ? FEEDBACK_MESSAGES.tooLong : null;
    if (problem) {
      return response(400).json(errorBody(400, 'VALIDATION_FAILED', problem, [{ field: 'message', message: problem }]));
    }
    mockDb.feedback.push({ id: mockId('feedback'), userId: owner.user.id, message: text, created_at: new Date().toISOString() });
    return response(201).json({ message: 'Thanks for your feedback!' });
  }),

  http.get('/api/admin/feedback', ({ request, query, response }) => {
    const token = bearerToken(request.headers.get('Authorization'));
    if (!token || !mockDb.adminTokens.has(token)) {
      return response(401).json(errorBody(401, 'ADMIN.SESSION_INVALID', 'Admin session is not valid'));
    }
    const limit = Math.min(100, Math.max(1, Number(query.get('limit') ?? 20) || 20));
    const newestFirst = [...mockDb.feedback].reverse();
    const cursor = query.get('cursor');
    const start = cursor ? newestFirst.findIndex((entry) => entry.id === cursor) + 1 : 0;
    const page = newestFirst.slice(start, start + limit);
    return response(200).json({
      items: page.map((entry) => ({
        id: entry.id,
        user_id: entry.userId,
        message: entry.message,
        created_at: entry.created_at,
      })),
      next_cursor: start + limit < newestFirst.length ? (page.at(-1)?.id ?? null) : null,
    });
  }),
];
